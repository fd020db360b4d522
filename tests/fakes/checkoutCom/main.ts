import { startFakeCheckoutCom } from "./fakeCheckoutCom";

/**
 * The fake Checkout.com on its own, for the browser tests and for trying the hosted payments page by
 * hand: `npx tsx tests/fakes/checkoutCom/main.ts`, then a merchant rule with the checkout-com gateway,
 * this address and secret key; POST {url, signatureKey} to /_fake/webhooks to receive its webhooks.
 */
const port = Number(process.env.FAKE_CHECKOUT_COM_PORT ?? 5107);
const secretKey = process.env.FAKE_CHECKOUT_COM_SECRET_KEY ?? "sk_sbox_fakecheckoutcomkey234567abcdefg";
const { url, close } = await startFakeCheckoutCom({ secretKey, port });
console.log(`Fake Checkout.com answering at ${url} (secret key ${secretKey})`);
const stop = () => void close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
