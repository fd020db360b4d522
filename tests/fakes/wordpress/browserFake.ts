/** The fake news site the browser tests start beside the server (playwright.config.ts), which LATEST_POSTS_SITE names. */
export const BROWSER_FAKE_WORDPRESS = {
  port: Number(process.env.E2E_PORT ?? 5055) + 49,
};
