import { startFakeHotelbeds } from "./fakeHotelbeds";

/**
 * The fake Hotelbeds on its own, for the browser tests and for trying a connection by hand:
 * `npx tsx tests/fakes/hotelbeds/main.ts`, then a supplier with its endpoint and these credentials.
 */
const port = Number(process.env.FAKE_HOTELBEDS_PORT ?? 5099);
const apiKey = process.env.FAKE_HOTELBEDS_API_KEY ?? "fake-hotelbeds-key";
const secret = process.env.FAKE_HOTELBEDS_SECRET ?? "fake-hotelbeds-secret";
const { url, close } = await startFakeHotelbeds({ apiKey, secret, port });
console.log(`Fake Hotelbeds answering at ${url} (API key ${apiKey}, secret ${secret})`);
const stop = () => void close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
