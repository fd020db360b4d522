/** The fake Wise the browser tests start beside the server (playwright.config.ts) and connect a money-transfer partner to. */
export const BROWSER_FAKE_WISE = {
  port: Number(process.env.E2E_PORT ?? 5055) + 48,
  token: "fake-wise-token",
};
