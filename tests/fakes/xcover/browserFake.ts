/** The fake XCover the browser tests start beside the server (playwright.config.ts) and connect an insurer to. */
export const BROWSER_FAKE_XCOVER = {
  port: Number(process.env.E2E_PORT ?? 5055) + 47,
  apiKey: "fake-xcover-key",
  secret: "fake-xcover-secret",
  partnerCode: "AGGPL",
};
