import { startFakeNdcAirline } from "./fakeNdcAirline";

/**
 * A fake NDC 21.3 airline on its own, for the browser tests and for trying a connection by hand:
 * `npx tsx tests/fakes/ndc/main.ts`, then a flight supplier with source "BA NDC" (or FAKE_NDC_SOURCE),
 * connection IATA NDC 21.3, this endpoint and API key, and any IATA number and pseudo city code.
 */
const port = Number(process.env.FAKE_NDC_PORT ?? 5097);
const source = process.env.FAKE_NDC_SOURCE ?? "BA NDC";
const apiKey = process.env.FAKE_NDC_API_KEY ?? "fake-ndc-key";
const { url, close } = await startFakeNdcAirline({ source, apiKey, port });
console.log(`Fake ${source} answering at ${url} (API key ${apiKey})`);
const stop = () => void close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
