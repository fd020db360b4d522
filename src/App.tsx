import { lazy, Suspense, type ComponentType } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes, useSearchParams } from "react-router";
import { AppShell } from "./AppShell";
import { PageLoading } from "./layout/PageLoading";
import { LoginPage } from "./pages/login/LoginPage";
import { checkSession } from "./providers/session";

function named<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const ConsoleRoutes = named(() => import("./console/ConsoleRoutes"), "ConsoleRoutes");
const RegisterPage = named(() => import("./pages/register/RegisterPage"), "RegisterPage");
const ForgotPasswordPage = named(() => import("./pages/login/ForgotPasswordPage"), "ForgotPasswordPage");
const ResetPasswordPage = named(() => import("./pages/login/ResetPasswordPage"), "ResetPasswordPage");
const AccessDeniedPage = named(() => import("./pages/accessDenied/AccessDeniedPage"), "AccessDeniedPage");
const NotFoundPage = named(() => import("./pages/notFound/NotFoundPage"), "NotFoundPage");

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
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path="/login" element={<LoginRoute />} />
            <Route element={<SignedOutOnly />}>
              <Route path="/registers" element={<RegisterPage />} />
              <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            </Route>
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/demo-register" element={<RegisterPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/access-denied" element={<AccessDeniedPage />} />
            <Route path="/not-found" element={<NotFoundPage />} />
            {/* The console's pages, and the not-found page for any other address. */}
            <Route path="*" element={<ConsoleRoutes />} />
          </Routes>
        </Suspense>
      </AppShell>
    </BrowserRouter>
  );
}
