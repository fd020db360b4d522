/** The fake BA NDC gateway the browser tests start beside the server (playwright.config.ts) and connect a supplier to. */
export const BROWSER_FAKE_NDC = {
  port: Number(process.env.E2E_PORT ?? 5055) + 46,
  source: "BA NDC",
  apiKey: "fake-ndc-key",
};
