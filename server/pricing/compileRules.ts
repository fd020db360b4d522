import type { MarkupLayer } from "../../src/contract/shopping";
import type { MarkupRule } from "../../src/contract/markup";
import { compileRule, type CompiledRule } from "./ruleMatch";

/** Rules that apply to everyone sit under this key. */
const ANY = "*";

/** Markup rules bucketed by layer, supplier, airline and organisation, built once per change of the rules. */
export interface RuleIndex {
  /** Every active rule that could apply to an offer of this supplier and airline sold by this organisation path. */
  candidates(layer: MarkupLayer, supplierId: string, ownerCode: string, organisationPath: readonly number[]): CompiledRule[];
  readonly ruleCount: number;
}

const bucketKey = (layer: string, supplierId: string, airline: string, organisationId: string) =>
  `${layer}|${supplierId}|${airline}|${organisationId}`;

const orAny = <T>(values: readonly T[]): (T | typeof ANY)[] => (values.length > 0 ? [...values] : [ANY]);

/** Inactive rules are left out here; dates, places and everything else are checked per offer. */
export function compileRules(rules: readonly MarkupRule[]): RuleIndex {
  const buckets = new Map<string, CompiledRule[]>();
  let ruleCount = 0;
  for (const rule of rules) {
    if (rule.head.status !== 1) continue;
    ruleCount += 1;
    const compiled = compileRule(rule);
    for (const supplierId of orAny(rule.contentSource.supplierIds)) {
      for (const airline of orAny(rule.criteria.airlines)) {
        for (const organisationId of orAny(rule.pointOfSale.organisationIds)) {
          const key = bucketKey(rule.layer, supplierId, airline, String(organisationId));
          const bucket = buckets.get(key);
          if (bucket) bucket.push(compiled);
          else buckets.set(key, [compiled]);
        }
      }
    }
  }
  return {
    ruleCount,
    candidates(layer, supplierId, ownerCode, organisationPath) {
      const organisations = [...organisationPath.map(String), ANY];
      const found = new Set<CompiledRule>();
      for (const supplier of [supplierId, ANY]) {
        for (const airline of [ownerCode, ANY]) {
          for (const organisation of organisations) {
            for (const compiled of buckets.get(bucketKey(layer, supplier, airline, organisation)) ?? []) found.add(compiled);
          }
        }
      }
      return [...found];
    },
  };
}
