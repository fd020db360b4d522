import { Suspense } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes, useSearchParams } from "react-router";
import { AppShell } from "./AppShell";
import { PageLoading } from "./layout/PageLoading";
import { LoginPage } from "./pages/login/LoginPage";
import { checkSession } from "./providers/session";
import { ConsoleRoutes, OPEN_PAGES, SIGNED_OUT_PAGES } from "./routes";

/** Signed-out pages: a signed-in user goes to the dashboard instead (spec section 2). */
function SignedOutOnly() {
  return checkSession() === "signedIn" ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

/** /login?sso=… loads the login page without the signed-out guard. */
function LoginRoute() {
  const [searchParams] = useSearchParams();
  if (!searchParams.has("sso") && checkSession() === "signedIn") return <Navigate to="/dashboard" replace />;
  return <LoginPage />;
}

export function App() {
  return (
    <BrowserRouter>
      <AppShell>
        <Suspense fallback={<PageLoading waitingFor="code" />}>
          <Routes>
            <Route path="/login" element={<LoginRoute />} />
            <Route element={<SignedOutOnly />}>
              {Object.entries(SIGNED_OUT_PAGES).map(([path, Page]) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
            </Route>
            {Object.entries(OPEN_PAGES).map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            {/* The console's pages, and the not-found page for any other address. */}
            <Route path="*" element={<ConsoleRoutes />} />
          </Routes>
        </Suspense>
      </AppShell>
    </BrowserRouter>
  );
}
