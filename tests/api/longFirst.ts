import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * API test files that run for minutes (server processes started and killed, fuzzing, whole
 * supplier journeys), longest first. Started first, they run beside the many short files; left to
 * vitest's order (by file size on a clean clone) one ran alone for two minutes at the end.
 */
const LONG_RUNNING = ["crash", "startup", "hotels", "fuzz", "duffelStaysConnection", "lostConnection", "hotelbedsConnection", "shutdown", "instances"];

const rank = (file: TestSpecification) => {
  const at = LONG_RUNNING.indexOf(path.basename(file.moduleId, ".test.ts"));
  return at === -1 ? LONG_RUNNING.length : at;
};

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...(await super.sort(files))].sort((left, right) => rank(left) - rank(right));
  }
}
