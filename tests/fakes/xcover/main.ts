import { startFakeXCover } from "./fakeXCover";

/**
 * The fake XCover on its own, for the browser tests and for trying a connection by hand:
 * `npx tsx tests/fakes/xcover/main.ts`, then an insurer with its endpoint (…/x), these credentials and partner code.
 */
const port = Number(process.env.FAKE_XCOVER_PORT ?? 5102);
const apiKey = process.env.FAKE_XCOVER_API_KEY ?? "fake-xcover-key";
const secret = process.env.FAKE_XCOVER_SECRET ?? "fake-xcover-secret";
const partnerCode = process.env.FAKE_XCOVER_PARTNER ?? "AGGPL";
const { url, close } = await startFakeXCover({ apiKey, secret, partnerCode, port });
console.log(`Fake XCover answering at ${url} (API key ${apiKey}, secret ${secret}, partner code ${partnerCode})`);
const stop = () => void close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
