import { STORAGE_KEYS } from "./storageKeys";

/**
 * The legacy console stores tokens as a fixed 102-character marker followed by the token
 * reversed; legacy servers and tools decode by dropping 102 characters and reversing the
 * rest, so the marker's length is part of the contract, not its content.
 */
export const STORED_TOKEN_PREFIX = "0123456789abcdef".repeat(7).slice(0, 102);

const reverse = (value: string) => Array.from(value).reverse().join("");

export function encodeStoredToken(token: string): string {
  return token.startsWith(STORED_TOKEN_PREFIX) ? token : STORED_TOKEN_PREFIX + reverse(token);
}

export function decodeStoredToken(stored: string): string {
  return stored.startsWith(STORED_TOKEN_PREFIX) ? reverse(stored.slice(STORED_TOKEN_PREFIX.length)) : stored;
}

export interface StoredTokens {
  token: string;
  refreshToken?: string;
}

export interface TokenStorage {
  getToken: () => string | undefined;
  getRefreshToken: () => string | undefined;
  setTokens: (tokens: StoredTokens) => void;
  clear: () => void;
}

export function createTokenStorage(storage: () => Storage | undefined): TokenStorage {
  const read = (key: string) => {
    const stored = storage()?.getItem(key);
    return stored ? decodeStoredToken(stored) : undefined;
  };
  return {
    getToken: () => read(STORAGE_KEYS.token),
    getRefreshToken: () => read(STORAGE_KEYS.refreshToken),
    setTokens: ({ token, refreshToken }) => {
      storage()?.setItem(STORAGE_KEYS.token, encodeStoredToken(token));
      if (refreshToken) storage()?.setItem(STORAGE_KEYS.refreshToken, encodeStoredToken(refreshToken));
    },
    clear: () => {
      storage()?.removeItem(STORAGE_KEYS.token);
      storage()?.removeItem(STORAGE_KEYS.refreshToken);
    },
  };
}

export const tokenStorage = createTokenStorage(() =>
  typeof window === "undefined" ? undefined : window.localStorage,
);
