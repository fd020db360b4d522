// `npm run bench`: builds the console, measures each area in turn and prints one table.
// `npm run bench -- floor pricing` measures only the areas whose names start with those words.
import { execSync } from "node:child_process";
import { benchBooking } from "./booking";
import { benchBundle } from "./bundle";
import { benchHotels } from "./hotels";
import { benchActivitiesAndInsurance } from "./activitiesInsurance";
import { benchPackages } from "./packages";
import { benchMoneyTransfer } from "./moneyTransfer";
import { benchFloor } from "./floor";
import { benchPlatform } from "./platform";
import { benchPricing } from "./pricing";
import { benchReports } from "./reports";
import { benchResources } from "./resources";
import { benchShopping } from "./shopping";
import { printTable, type BenchRow } from "./stats";

const areas: Array<[string, () => Promise<BenchRow[]>]> = [
  ["platform", benchPlatform],
  ["bundle", benchBundle],
  ["pricing", benchPricing],
  ["shopping and orders", benchShopping],
  ["administration resources", benchResources],
  ["booking pages", benchBooking],
  ["hotels", benchHotels],
  ["activities and insurance", benchActivitiesAndInsurance],
  ["packages", benchPackages],
  ["money transfer", benchMoneyTransfer],
  ["reports", benchReports],
  ["floor", benchFloor],
];

const chosen = process.argv.slice(2);
const selected = areas.filter(([name]) => chosen.length === 0 || chosen.some((word) => name.startsWith(word)));
if (selected.length === 0) throw new Error(`No area starts with ${chosen.join(", ")}; the areas are: ${areas.map(([name]) => name).join(", ")}.`);

execSync("npx vite build", { stdio: ["ignore", "ignore", "inherit"] });
const rows: BenchRow[] = [];
for (const [name, measure] of selected) {
  console.error(`measuring ${name}...`);
  rows.push(...(await measure()));
}
console.log(`\nBenchmark on ${new Date().toISOString()} (Node ${process.version})\n`);
printTable(rows);
