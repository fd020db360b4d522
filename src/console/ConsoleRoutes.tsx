import "./consoleStrings";
import { matchPath, Navigate, Route, Routes } from "react-router";
import { CONSOLE_PAGES } from "../config/consolePages";
import { NotFoundPage } from "../pages/notFound/NotFoundPage";
import { ConsoleApp } from "./ConsoleApp";
import { GuardedPage, preloadGuardedPage } from "./GuardedPage";

/** Loads the code of the console page at this address, if there is one. */
export async function preloadConsolePage(pathname: string): Promise<void> {
  const page = CONSOLE_PAGES.find((candidate) => matchPath(candidate.route, pathname));
  if (page) await preloadGuardedPage(page);
}

/**
 * The signed-in console's addresses, loaded with the console itself: the page table names every
 * resource and booking page, which the signed-out pages (the login above all) need not load.
 */
export function ConsoleRoutes() {
  return (
    <Routes>
      <Route element={<ConsoleApp />}>
        <Route index element={<Navigate to="/dashboard" replace />} />
        {CONSOLE_PAGES.map((page) => (
          <Route key={page.name} path={page.route} element={<GuardedPage page={page} />} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
