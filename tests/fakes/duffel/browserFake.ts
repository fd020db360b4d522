/** The fake Duffel the browser tests start beside the server (playwright.config.ts) and connect a supplier to. */
export const BROWSER_FAKE_DUFFEL = {
  port: Number(process.env.E2E_PORT ?? 5055) + 45,
  accessToken: "duffel_test_fake-token",
};
