import { BROWSER_FAKE_OIDC } from "./browserFake";
import { startFakeOidc } from "./fakeOidc";

/** The fake identity provider on its own, for the browser tests and by hand: `npx tsx tests/fakes/oidc/main.ts`, then set it under Setup & configuration → Single sign-on. */
const port = Number(process.env.FAKE_OIDC_PORT ?? 5106);
const { issuer, close } = await startFakeOidc(port, BROWSER_FAKE_OIDC.clientId);
console.log(`Fake OpenID Connect provider: issuer ${issuer}, client id ${BROWSER_FAKE_OIDC.clientId}`);
const stop = () => void close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
