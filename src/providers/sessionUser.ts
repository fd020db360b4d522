import { jwtDecode } from "jwt-decode";
import { setStateOwner } from "../lib/createPersistedStore";
import { sessionUserSchema, type SessionUser, type SignInResponse } from "../contract/auth";
import { writeMenuPermissions } from "./menuPermissionStorage";
import { setSessionCookies } from "./sessionCookies";
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
  setStateOwner(user?.users_id ?? null);
  // Claims that do not match the contract leave no menu permission stored (the server still guards).
  if (user) writeMenuPermissions(user.permissions);
  else window.localStorage.removeItem(STORAGE_KEYS.menuPermission);
  setSessionCookies(crypto.randomUUID());
}
