import { useLogout } from "@refinedev/core";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { checkSession } from "../providers/session";

const WATCH_INTERVAL_MS = 60_000;

/**
 * Re-checks the session on every navigation, when the tab becomes visible and once a
 * minute: a missing user_sid cookie (spec section 4) ends the session here too.
 */
export function useSessionWatch() {
  const { mutate: logout } = useLogout();
  const { pathname } = useLocation();

  useEffect(() => {
    const check = () => {
      if (checkSession() !== "signedIn") logout({ redirectPath: "/login" });
    };
    check();
    const timer = window.setInterval(check, WATCH_INTERVAL_MS);
    const onVisible = () => document.visibilityState === "visible" && check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [logout, pathname]);
}
