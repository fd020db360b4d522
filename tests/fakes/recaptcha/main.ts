import { startFakeRecaptcha } from "./fakeRecaptcha";

/** The fake captcha provider on its own, for the browser tests and by hand: `npx tsx tests/fakes/recaptcha/main.ts`, then RECAPTCHA_SCRIPT_URL and RECAPTCHA_VERIFY_URL at its address. */
const port = Number(process.env.FAKE_RECAPTCHA_PORT ?? 5105);
const { url, close } = await startFakeRecaptcha(port);
console.log(`Fake reCAPTCHA answering at ${url}/recaptcha/api.js and ${url}/recaptcha/api/siteverify`);
const stop = () => void close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
