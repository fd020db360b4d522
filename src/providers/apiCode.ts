/*
 * The code that talks to the API (axios, crypto-js for the sealed payloads, zod for the contract)
 * belongs to the console, not to the login page: the login page shows without it and loads it when
 * there is something to send. zod's messages are made plain before any page or request uses zod.
 */

let plainMessages: Promise<void> | undefined;

export function plainMessagesInstalled(): Promise<void> {
  return (plainMessages ??= import("../contract/plainMessages").then(
    ({ installPlainMessages }) => installPlainMessages(),
    (error: unknown) => {
      // A chunk that failed to arrive is asked for again next time.
      plainMessages = undefined;
      throw error;
    },
  ));
}

/** `load()`'s module, once zod's messages are plain (both loaded at once). */
export async function withPlainMessages<Module>(load: () => Promise<Module>): Promise<Module> {
  const [, module] = await Promise.all([plainMessagesInstalled(), load()]);
  return module;
}

export const loadAuthProvider = () => withPlainMessages(() => import("./authProvider")).then((module) => module.authProvider);
export const loadAuthApi = () => withPlainMessages(() => import("./authApi"));
export const loadApiClient = () => withPlainMessages(() => import("./apiClient")).then((module) => module.apiClient);
