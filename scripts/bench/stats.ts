/** Nearest-rank percentile of a list of samples. */
export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank]!;
}

export interface BenchRow {
  area: string;
  metric: string;
  value: string;
  budget?: string;
}

export function printTable(rows: readonly BenchRow[]): void {
  const header: BenchRow = { area: "area", metric: "metric", value: "value", budget: "budget" };
  const all = [header, ...rows];
  const width = (key: keyof BenchRow) => Math.max(...all.map((row) => (row[key] ?? "").length));
  const widths = { area: width("area"), metric: width("metric"), value: width("value"), budget: width("budget") };
  const line = (row: BenchRow) =>
    `| ${row.area.padEnd(widths.area)} | ${row.metric.padEnd(widths.metric)} | ${row.value.padStart(widths.value)} | ${(row.budget ?? "").padEnd(widths.budget)} |`;
  console.log(line(header));
  console.log(`|${"-".repeat(widths.area + 2)}|${"-".repeat(widths.metric + 2)}|${"-".repeat(widths.value + 2)}|${"-".repeat(widths.budget + 2)}|`);
  for (const row of rows) console.log(line(row));
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** A figure's goal, and whether it is met yet. */
export const goal = (met: boolean, text: string) => `goal ${text}${met ? "" : " (not yet)"}`;
