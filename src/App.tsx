import { Suspense } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes, useSearchParams } from "react-router";
import { AppShell } from "./AppShell";
import { PageLoading } from "./layout/PageLoading";
import { preloadable, type PreloadableComponent } from "./lib/preloadable";
import { LoginPage } from "./pages/login/LoginPage";
import { checkSession } from "./providers/session";

const loadConsole = () => import("./console/ConsoleRoutes");
const ConsoleRoutes = preloadable(() => loadConsole().then((module) => module.ConsoleRoutes));
const RegisterPage = preloadable(() => import("./pages/register/RegisterPage").then((module) => module.RegisterPage));
const ForgotPasswordPage = preloadable(() => import("./pages/login/ForgotPasswordPage").then((module) => module.ForgotPasswordPage));
const ResetPasswordPage = preloadable(() => import("./pages/login/ResetPasswordPage").then((module) => module.ResetPasswordPage));
const AccessDeniedPage = preloadable(() => import("./pages/accessDenied/AccessDeniedPage").then((module) => module.AccessDeniedPage));
const NotFoundPage = preloadable(() => import("./pages/notFound/NotFoundPage").then((module) => module.NotFoundPage));

/** Pages for signed-out visitors only: a signed-in user goes to the dashboard instead. */
const SIGNED_OUT_PAGES: Record<string, PreloadableComponent<object>> = {
  "/registers": RegisterPage,
  "/forgot-password": ForgotPasswordPage,
};

/** Pages open to everyone, signed in or not. */
const OPEN_PAGES: Record<string, PreloadableComponent<object>> = {
  "/register": RegisterPage,
  "/demo-register": RegisterPage,
  "/reset-password": ResetPasswordPage,
  "/access-denied": AccessDeniedPage,
  "/not-found": NotFoundPage,
};

/**
 * Loads the code of the page at this address (for a console page, the console's and the page's
 * own) so that the first render shows it without a loading fallback in between.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const page = SIGNED_OUT_PAGES[pathname] ?? OPEN_PAGES[pathname];
  if (page) {
    await page.preload();
    return;
  }
  if (pathname === "/login" || checkSession() !== "signedIn") return;
  const [{ preloadConsolePage }] = await Promise.all([loadConsole(), ConsoleRoutes.preload()]);
  await preloadConsolePage(pathname);
}

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
