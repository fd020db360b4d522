import autocannon from "autocannon";

/** Seconds of the same load sent first and not counted: the server's JIT and pools reach the steady state the figures are about. */
export const WARM_UP_SECONDS = 3;

/** autocannon at steady state: WARM_UP_SECONDS of the same load first, discarded, then the measurement. */
export async function steadyLoad(options: autocannon.Options): Promise<autocannon.Result> {
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  return autocannon(options);
}
