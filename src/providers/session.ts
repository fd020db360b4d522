import { jwtDecode } from "jwt-decode";
import { sessionUserSchema, type SessionUser, type SignInResponse } from "../contract/auth";
import { writeMenuPermissions } from "./menuPermissionStorage";
import { USER_SID_COOKIE, deleteSessionCookies, readCookie, setSessionCookies } from "./sessionCookies";
import { STORAGE_KEYS } from "./storageKeys";
import { tokenStorage } from "./tokenStorage";

/** The signed-in user is the access token's claims (spec section 3). */
export function sessionUserFromToken(token: string | undefined): SessionUser | undefined {
  if (!token) return undefined;
  try {
    const parsed = sessionUserSchema.safeParse(jwtDecode(token));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const currentSessionUser = () => sessionUserFromToken(tokenStorage.getToken());

/** Stores the tokens, the menu permission from the claims and sets the session cookies. */
export function startSession({ token, refreshToken }: Required<Pick<SignInResponse, "token">> & Pick<SignInResponse, "refreshToken">) {
  tokenStorage.setTokens({ token, refreshToken });
  const user = sessionUserFromToken(token);
  // Claims that do not match the contract leave no menu permission stored (the server still guards).
  if (user) writeMenuPermissions(user.permissions);
  else window.localStorage.removeItem(STORAGE_KEYS.menuPermission);
  setSessionCookies(crypto.randomUUID());
}

/** Logout clears tokens, menu permission and booking info; `clearAll` empties localStorage too. */
export function endSession({ clearAll }: { clearAll: boolean }) {
  tokenStorage.clear();
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
    return "signedIn";
  }
  if (token || sid === "") {
    endSession({ clearAll: true });
    return "expired";
  }
  return "signedOut";
}
