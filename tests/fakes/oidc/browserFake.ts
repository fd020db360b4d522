/** The fake identity provider the browser tests start beside the server (playwright.config.ts). */
export const BROWSER_FAKE_OIDC = {
  port: Number(process.env.E2E_PORT ?? 5055) + 51,
  clientId: "aggregator-console",
};
