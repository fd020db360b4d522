import type { ComponentType } from "react";
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
const page = <Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType<object>) => preloadable(() => withPlainMessages(load).then(pick));
const RegisterPage = page(() => import("./pages/register/RegisterPage"), (module) => module.RegisterPage);
const ForgotPasswordPage = page(() => import("./pages/login/ForgotPasswordPage"), (module) => module.ForgotPasswordPage);
const ResetPasswordPage = page(() => import("./pages/login/ResetPasswordPage"), (module) => module.ResetPasswordPage);
const AccessDeniedPage = page(() => import("./pages/accessDenied/AccessDeniedPage"), (module) => module.AccessDeniedPage);
const NotFoundPage = page(() => import("./pages/notFound/NotFoundPage"), (module) => module.NotFoundPage);

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
