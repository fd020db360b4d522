import type { MarkupLayer } from "../../src/contract/shopping";
import type { ProductKind } from "../../src/contract/products";
import type { MarkupRule } from "../../src/contract/markup";
import { compileRule, type CompiledRule } from "./ruleMatch";

/** Rules that apply to everyone sit under this key. */
const ANY = "*";

/** Markup rules bucketed by product, layer, supplier, airline and organisation, built once per change of the rules. */
export interface RuleIndex {
  /** Every active rule that could apply to an offer of this supplier and airline sold by this organisation path. */
  candidates(layer: MarkupLayer, supplierId: string, ownerCode: string, organisationPath: readonly number[]): CompiledRule[];
  /** The same for another product (no airline): a hotel rate of this supplier. */
  productCandidates(product: ProductKind, layer: MarkupLayer, supplierId: string, organisationPath: readonly number[]): CompiledRule[];
  readonly ruleCount: number;
}

const bucketKey = (product: ProductKind, layer: string, supplierId: string, airline: string, organisationId: string) =>
  `${product}|${layer}|${supplierId}|${airline}|${organisationId}`;

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
      for (const airline of rule.product === "flight" ? orAny(rule.criteria.airlines) : [ANY]) {
        for (const organisationId of orAny(rule.pointOfSale.organisationIds)) {
          const key = bucketKey(rule.product, rule.layer, supplierId, airline, String(organisationId));
          const bucket = buckets.get(key);
          if (bucket) bucket.push(compiled);
          else buckets.set(key, [compiled]);
        }
      }
    }
  }
  const find = (product: ProductKind, layer: MarkupLayer, supplierId: string, airlines: readonly string[], organisationPath: readonly number[]) => {
    const organisations = [...organisationPath.map(String), ANY];
    const found = new Set<CompiledRule>();
    for (const supplier of [supplierId, ANY]) {
      for (const airline of airlines) {
        for (const organisation of organisations) {
          for (const compiled of buckets.get(bucketKey(product, layer, supplier, airline, organisation)) ?? []) found.add(compiled);
        }
      }
    }
    return [...found];
  };
  return {
    ruleCount,
    candidates: (layer, supplierId, ownerCode, organisationPath) => find("flight", layer, supplierId, [ownerCode, ANY], organisationPath),
    productCandidates: (product, layer, supplierId, organisationPath) => find(product, layer, supplierId, [ANY], organisationPath),
  };
}
