/** The fake Hotelbeds the browser tests start beside the server (playwright.config.ts) and connect a supplier to. */
export const BROWSER_FAKE_HOTELBEDS = {
  port: Number(process.env.E2E_PORT ?? 5055) + 44,
  apiKey: "fake-hotelbeds-key",
  secret: "fake-hotelbeds-secret",
};
