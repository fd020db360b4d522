import { z } from "zod";
import { STATUS_FILTER } from "../config/referenceLists";
import { defineResource } from "./defineResource";

const PASSENGER_KINDS = [
  { code: "flight", label: "Flights" },
  { code: "dmt", label: "Money transfer" },
] as const;

/** Passenger-type masters with their age bands (ADT, CHD, INF, YTH, SRC, ...); the money-transfer ones (REM) set who may send money. */
export const passengerTypes = defineResource({
  name: "passengerTypes",
  table: "passenger_types",
  menu: "setup-configuration",
  tenancy: "owned",
  fields: [
    { name: "code", type: "text", labelKey: "resources.passengerTypes.code", rule: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, "A three-letter code such as ADT"), listColumn: true, filter: true, sortable: true },
    { name: "name", type: "text", labelKey: "resources.passengerTypes.name", rule: z.string().trim().min(1).max(60), listColumn: true, filter: true, sortable: true },
    { name: "minAge", type: "number", labelKey: "resources.passengerTypes.minAge", rule: z.number().int().min(0).max(130), listColumn: true, sortable: true },
    { name: "maxAge", type: "number", labelKey: "resources.passengerTypes.maxAge", rule: z.number().int().min(0).max(130), listColumn: true, sortable: true },
    { name: "kind", type: "select", labelKey: "resources.passengerTypes.kind", rule: z.enum(["flight", "dmt"]).default("flight"), listColumn: true, filter: true, options: { kind: "list", items: PASSENGER_KINDS } },
    { name: "seatRequired", type: "boolean", labelKey: "resources.passengerTypes.seatRequired", rule: z.boolean().default(true), listColumn: true, filter: true },
    { name: "status", type: "select", labelKey: "resources.passengerTypes.status", rule: z.union([z.literal(0), z.literal(1)]).default(1), listColumn: true, filter: true, options: { kind: "list", items: STATUS_FILTER } },
  ],
});
