/** The fake Checkout.com the browser tests start beside the server (playwright.config.ts); a merchant rule is pointed at it. */
export const BROWSER_FAKE_CHECKOUT_COM = {
  port: Number(process.env.E2E_PORT ?? 5055) + 52,
  secretKey: "sk_sbox_fakecheckoutcomkey234567abcdefg",
};
