import { preloadable, type PreloadableComponent } from "./lib/preloadable";
import { withPlainMessages } from "./providers/apiCode";
import { checkSession } from "./providers/session";

/**
 * The pages outside the login page, loaded with their code on first use or ahead of it
 * (preloadRoute). Every console page renders inside ConsoleRoutes, so zod's messages are plain
 * before any page runs.
 */
const loadConsole = () => withPlainMessages(() => import("./console/ConsoleRoutes"));
export const ConsoleRoutes = preloadable(() => loadConsole().then((module) => module.ConsoleRoutes));
const RegisterPage = preloadable(() => withPlainMessages(() => import("./pages/register/RegisterPage")).then((module) => module.RegisterPage));
const ForgotPasswordPage = preloadable(() => withPlainMessages(() => import("./pages/login/ForgotPasswordPage")).then((module) => module.ForgotPasswordPage));
const ResetPasswordPage = preloadable(() => withPlainMessages(() => import("./pages/login/ResetPasswordPage")).then((module) => module.ResetPasswordPage));
const AccessDeniedPage = preloadable(() => withPlainMessages(() => import("./pages/accessDenied/AccessDeniedPage")).then((module) => module.AccessDeniedPage));
const NotFoundPage = preloadable(() => withPlainMessages(() => import("./pages/notFound/NotFoundPage")).then((module) => module.NotFoundPage));

/** Pages for signed-out visitors only: a signed-in user goes to the dashboard instead. */
export const SIGNED_OUT_PAGES: Record<string, PreloadableComponent<object>> = {
  "/registers": RegisterPage,
  "/forgot-password": ForgotPasswordPage,
};

/** Pages open to everyone, signed in or not. */
export const OPEN_PAGES: Record<string, PreloadableComponent<object>> = {
  "/register": RegisterPage,
  "/demo-register": RegisterPage,
  "/reset-password": ResetPasswordPage,
  "/access-denied": AccessDeniedPage,
  "/not-found": NotFoundPage,
};

/**
 * Loads the code of the page at this address (for a console page, the console's and the page's
 * own), so that it shows without a loading fallback in between: before the first render, and
 * before the dashboard after signing in.
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
