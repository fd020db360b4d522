import type { FareCode, FareFamilyCode } from "../../../src/contract/shopping";

/** An airline as the sandbox flies it: a hub-and-spoke network and a fleet. */
export interface CarrierProfile {
  readonly code: string;
  /** Airline accounting prefix of its ticket numbers (invented in the 9xx range for carriers without one). */
  readonly ticketPrefix: string;
  /** Hubs (or low-cost bases): every flight of the carrier touches one. */
  readonly hubs: readonly string[];
  /** Terminal the carrier uses at its hubs. */
  readonly hubTerminals: Readonly<Record<string, string>>;
  readonly shortHaulFleet: readonly string[];
  readonly longHaulFleet: readonly string[];
  readonly lowCost: boolean;
  /** Share of the airports within range that the carrier serves from its hubs. */
  readonly networkCoverage: number;
}

/** A kind of fare the supplier sells (spec fare families and fare codes) and its price level. */
export interface FareKind {
  readonly fareFamilyCode: FareFamilyCode;
  readonly fareCode: FareCode;
  readonly pricePercent: number;
}

export interface SandboxSupplierProfile {
  readonly supplierId: string;
  readonly supplierName: string;
  /** Short prefix of the supplier's identifiers. */
  readonly idPrefix: string;
  readonly currency: string;
  readonly carriers: readonly CarrierProfile[];
  /** BA NDC sells its partners' flights under BA flight numbers; null: every carrier markets its own. */
  readonly codeshareMarketingCarrier: string | null;
  /** Whether one journey may connect between different carriers of the profile. */
  readonly connectsBetweenCarriers: boolean;
  readonly fareKinds: readonly FareKind[];
}

const FULL_SERVICE_COVERAGE = 0.7;
const LOW_COST_COVERAGE = 0.45;

function fullService(
  code: string,
  ticketPrefix: string,
  hubs: readonly string[],
  fleets: { short: readonly string[]; long: readonly string[] },
  hubTerminals: Readonly<Record<string, string>> = {},
): CarrierProfile {
  return {
    code,
    ticketPrefix,
    hubs,
    hubTerminals,
    shortHaulFleet: fleets.short,
    longHaulFleet: fleets.long,
    lowCost: false,
    networkCoverage: FULL_SERVICE_COVERAGE,
  };
}

function lowCost(code: string, ticketPrefix: string, bases: readonly string[], fleet: readonly string[]): CarrierProfile {
  return {
    code,
    ticketPrefix,
    hubs: bases,
    hubTerminals: {},
    shortHaulFleet: fleet,
    longHaulFleet: [],
    lowCost: true,
    networkCoverage: LOW_COST_COVERAGE,
  };
}

export const BA_NDC: SandboxSupplierProfile = {
  supplierId: "ba-ndc",
  supplierName: "BA NDC (sandbox)",
  idPrefix: "BA",
  currency: "GBP",
  codeshareMarketingCarrier: "BA",
  connectsBetweenCarriers: true,
  fareKinds: [
    { fareFamilyCode: "F01", fareCode: "70J", pricePercent: 100 },
    { fareFamilyCode: "F02", fareCode: "758", pricePercent: 94 },
  ],
  carriers: [
    fullService("BA", "125", ["LHR", "LGW"], { short: ["320", "321", "319"], long: ["77W", "789", "388"] }, { LHR: "5", LGW: "S" }),
    fullService("IB", "075", ["MAD"], { short: ["320", "321"], long: ["359"] }, { MAD: "4" }),
    fullService("AY", "105", ["HEL"], { short: ["320", "321"], long: ["359"] }, { HEL: "2" }),
    fullService("AA", "001", ["DFW", "JFK", "MIA", "ORD"], { short: ["738", "321"], long: ["77W", "789"] }, { JFK: "8", DFW: "D" }),
    fullService("QR", "157", ["DOH"], { short: ["320"], long: ["359", "77W", "388"] }),
    fullService("JL", "131", ["HND"], { short: ["738"], long: ["789", "77W"] }, { HND: "3" }),
    fullService("CX", "160", ["HKG"], { short: ["321"], long: ["359", "77W"] }, { HKG: "1" }),
    fullService("QF", "081", ["SYD"], { short: ["738"], long: ["789", "388"] }, { SYD: "1" }),
    fullService("RJ", "512", ["AMM"], { short: ["320"], long: ["789"] }, { AMM: "1" }),
  ],
};

export const LUFTHANSA_GROUP_NDC: SandboxSupplierProfile = {
  supplierId: "lufthansa-group-ndc",
  supplierName: "Lufthansa Group NDC (sandbox)",
  idPrefix: "LHG",
  currency: "EUR",
  codeshareMarketingCarrier: null,
  connectsBetweenCarriers: true,
  fareKinds: [
    { fareFamilyCode: "F01", fareCode: "70J", pricePercent: 100 },
    { fareFamilyCode: "F04", fareCode: "70G", pricePercent: 92 },
  ],
  carriers: [
    fullService("LH", "220", ["FRA", "MUC"], { short: ["320", "321", "319"], long: ["748", "388", "359"] }, { FRA: "1", MUC: "2" }),
    fullService("LX", "724", ["ZRH", "GVA"], { short: ["320", "321"], long: ["333", "77W"] }, { ZRH: "1", GVA: "M" }),
    fullService("OS", "257", ["VIE"], { short: ["320", "321"], long: ["789"] }, { VIE: "3" }),
    fullService("SN", "082", ["BRU"], { short: ["320", "319"], long: ["333"] }, { BRU: "A" }),
    fullService("EW", "104", ["DUS", "CGN", "HAM", "STR"], { short: ["320"], long: ["333"] }),
  ],
};

export const TRAVELFUSION: SandboxSupplierProfile = {
  supplierId: "travelfusion",
  supplierName: "Travelfusion (sandbox)",
  idPrefix: "TF",
  currency: "EUR",
  codeshareMarketingCarrier: null,
  connectsBetweenCarriers: false,
  fareKinds: [{ fareFamilyCode: "F01", fareCode: "70J", pricePercent: 100 }],
  carriers: [
    lowCost("FR", "901", ["STN", "DUB", "BGY", "CRL"], ["738"]),
    lowCost("U2", "902", ["LGW", "LTN", "GVA"], ["320"]),
    lowCost("W6", "903", ["BUD", "LTN", "OTP"], ["321"]),
    lowCost("VY", "030", ["BCN"], ["320"]),
    lowCost("G9", "514", ["SHJ"], ["320"]),
    lowCost("FZ", "141", ["DXB"], ["7M8"]),
    lowCost("J9", "486", ["KWI"], ["320"]),
    lowCost("PC", "624", ["SAW"], ["320"]),
    fullService("TK", "235", ["IST"], { short: ["321"], long: ["77W", "333", "789"] }),
  ],
};

export const SANDBOX_SUPPLIER_PROFILES: readonly SandboxSupplierProfile[] = [BA_NDC, LUFTHANSA_GROUP_NDC, TRAVELFUSION];

export function carrierOf(profile: SandboxSupplierProfile, code: string): CarrierProfile {
  const carrier = profile.carriers.find((candidate) => candidate.code === code);
  if (!carrier) throw new RangeError(`${code} is not a carrier of ${profile.supplierName}.`);
  return carrier;
}
