import { startFakeDuffel } from "./fakeDuffel";

/**
 * The fake Duffel on its own, for the browser tests and for trying a connection by hand:
 * `npx tsx tests/fakes/duffel/main.ts`, then a flight supplier with its endpoint and this access token.
 */
const port = Number(process.env.FAKE_DUFFEL_PORT ?? 5098);
const accessToken = process.env.FAKE_DUFFEL_TOKEN ?? "duffel_test_fake-token";
const { url, close } = await startFakeDuffel({ accessToken, port });
console.log(`Fake Duffel answering at ${url} (access token ${accessToken})`);
const stop = () => void close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
