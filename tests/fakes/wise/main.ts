import { startFakeWise } from "./fakeWise";

/**
 * The fake Wise on its own, for the browser tests and for trying a connection by hand:
 * `npx tsx tests/fakes/wise/main.ts`, then a money-transfer partner with its endpoint and this API token.
 */
const port = Number(process.env.FAKE_WISE_PORT ?? 5103);
const token = process.env.FAKE_WISE_TOKEN ?? "fake-wise-token";
const { url, close } = await startFakeWise({ token, port });
console.log(`Fake Wise answering at ${url} (API token ${token}; its webhook key at ${url}/_fake/webhook-public-key)`);
const stop = () => void close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
