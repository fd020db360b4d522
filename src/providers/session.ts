import { setStateOwner } from "../lib/createPersistedStore";
import { USER_SID_COOKIE, deleteSessionCookies, readCookie, setSessionCookies } from "./sessionCookies";
import { sessionUserFromToken } from "./sessionUser";
import { STORAGE_KEYS } from "./storageKeys";
import { tokenStorage } from "./tokenStorage";

/** Logout clears tokens, menu permission, booking info and the user's own state; `clearAll` empties localStorage too. */
export function endSession({ clearAll }: { clearAll: boolean }) {
  tokenStorage.clear();
  // The user's searches, drafts and checkout leave with them.
  setStateOwner(null);
  window.localStorage.removeItem(STORAGE_KEYS.menuPermission);
  window.localStorage.removeItem(STORAGE_KEYS.userBookingInfo);
  deleteSessionCookies();
  if (clearAll) window.localStorage.clear();
}

export type SessionCheck = "signedIn" | "signedOut" | "expired";

/**
 * Spec section 4: signed in only with both a token and the user_sid cookie; each check
 * re-sets the cookies for another hour. A token without the cookie (or an empty cookie)
 * means the session ended elsewhere: local state is wiped.
 */
export function checkSession(): SessionCheck {
  const sid = readCookie(USER_SID_COOKIE);
  const token = tokenStorage.getToken();
  if (token && sid) {
    setSessionCookies(sid);
    setStateOwner(sessionUserFromToken(token)?.users_id ?? null);
    return "signedIn";
  }
  if (token || sid === "") {
    endSession({ clearAll: true });
    return "expired";
  }
  return "signedOut";
}
