/** The fake captcha provider the browser tests start beside the server (playwright.config.ts), with Google's documented test keys. */
export const BROWSER_FAKE_RECAPTCHA = {
  port: Number(process.env.E2E_PORT ?? 5055) + 50,
  // https://developers.google.com/recaptcha/docs/faq#id-like-to-run-automated-tests-with-recaptcha.-what-should-i-do
  siteKey: "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI",
  secret: "6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe",
};
