import { z } from "zod";
import { STATUS_FILTER, SUPPLIER_CATEGORIES, SUPPLIER_SOURCES } from "../config/referenceLists";
import { defineResource } from "./defineResource";
import { recordIdSchema } from "../contract/ids";

const list = (values: readonly string[]) => values.map((value) => ({ code: value, label: value }));

const SUPPLIER_KINDS = [
  { code: "flight", label: "Flight supplier" },
  { code: "hotel", label: "Hotel supplier" },
  { code: "floating", label: "Floating supplier" },
  { code: "insurance", label: "Insurer" },
  { code: "activity", label: "Activity supplier" },
  { code: "transfer", label: "Money transfer partner" },
] as const;

export const SUPPLIER_FEATURES = [
  { code: "seatMap", label: "Seat map" },
  { code: "ancillaries", label: "Ancillaries" },
  { code: "hold", label: "Book and hold" },
  { code: "reshop", label: "Reshop / change" },
  { code: "void", label: "Void" },
  { code: "refund", label: "Refund" },
  { code: "splitTicket", label: "Split ticketing" },
] as const;

const COMMERCIAL_MODELS = [
  { code: "commission", label: "Commission from the supplier" },
  { code: "markup", label: "Markup on the supplier's price" },
  { code: "net", label: "Net fares" },
] as const;

const SETTLEMENTS = ["BSP", "ARC", "Direct", "Virtual card", "Prepaid deposit"] as const;

/**
 * The adapter a supplier row connects through: none keeps it a record of configuration (the
 * sandboxes, a supplier not yet connected); the others book with the credentials entered here.
 */
export const SUPPLIER_CONNECTIONS = [
  { code: "none", label: "Not connected" },
  { code: "hotelbeds", label: "Hotelbeds APItude" },
  { code: "duffel", label: "Duffel" },
  { code: "iata_ndc", label: "IATA NDC 21.3" },
  { code: "xcover", label: "Cover Genius XCover" },
  { code: "wise", label: "Wise Platform" },
] as const;
export type SupplierConnection = (typeof SUPPLIER_CONNECTIONS)[number]["code"];

/** The kinds of supplier each connection serves (Hotelbeds: hotels and activities; Duffel: flights, and hotels through Duffel Stays; XCover: insurance; Wise: money transfer). */
export const CONNECTION_KINDS: Record<Exclude<SupplierConnection, "none">, readonly ("hotel" | "flight" | "activity" | "insurance" | "transfer")[]> = {
  hotelbeds: ["hotel", "activity"],
  duffel: ["flight", "hotel"],
  iata_ndc: ["flight"],
  xcover: ["insurance"],
  wise: ["transfer"],
};

/** The spec's sources and the sandbox ones configured out of the box. */
const SUPPLIER_SOURCE_OPTIONS = [...SUPPLIER_SOURCES, "Hotelbeds", "Duffel", "Other"] as const;

/**
 * Suppliers of content: flights, hotels and floating suppliers. Credentials are written only:
 * the server stores them encrypted and answers whether they are set. The form shows each
 * connection's own settings only: a secret beside the key for Hotelbeds, the seller's IATA
 * number and pseudo city for NDC, a user name for a supplier not connected. Created with a wizard:
 * identity, connection and credentials, commercial relationship, features and restrictions.
 */
export const suppliers = defineResource({
  name: "suppliers",
  table: "suppliers",
  menu: "setup-configuration",
  tenancy: "owned",
  wizard: true,
  fields: [
    { name: "code", type: "text", labelKey: "resources.suppliers.code", rule: z.string().trim().toLowerCase().regex(/^[a-z0-9-]{2,40}$/, "2-40 lower-case letters, digits or dashes"), listColumn: true, filter: true, sortable: true, formSection: "identity" },
    { name: "name", type: "text", labelKey: "resources.suppliers.name", rule: z.string().trim().min(1, "Give the supplier a name").max(120), listColumn: true, filter: true, sortable: true, formSection: "identity" },
    { name: "kind", type: "select", labelKey: "resources.suppliers.kind", rule: z.enum(SUPPLIER_KINDS.map((kind) => kind.code)), listColumn: true, filter: true, sortable: true, formSection: "identity", options: { kind: "list", items: SUPPLIER_KINDS } },
    { name: "category", type: "select", labelKey: "resources.suppliers.category", rule: z.enum(SUPPLIER_CATEGORIES), listColumn: true, filter: true, formSection: "identity", options: { kind: "list", items: list(SUPPLIER_CATEGORIES) } },
    { name: "source", type: "select", labelKey: "resources.suppliers.source", rule: z.enum(SUPPLIER_SOURCE_OPTIONS), listColumn: true, filter: true, formSection: "identity", options: { kind: "list", items: list(SUPPLIER_SOURCE_OPTIONS) } },
    { name: "isSandbox", type: "boolean", labelKey: "resources.suppliers.isSandbox", rule: z.boolean().default(false), listColumn: true, filter: true, formSection: "identity" },
    { name: "connection", type: "select", labelKey: "resources.suppliers.connection", rule: z.enum(SUPPLIER_CONNECTIONS.map((connection) => connection.code)).default("none"), listColumn: true, filter: true, formSection: "connection", options: { kind: "list", items: SUPPLIER_CONNECTIONS, offeredFor: { field: "kind", byCode: CONNECTION_KINDS } } },
    { name: "endpointUrl", type: "text", labelKey: "resources.suppliers.endpointUrl", rule: z.url("An http(s) address").nullable().default(null), formSection: "connection" },
    { name: "username", type: "text", labelKey: "resources.suppliers.username", rule: z.string().trim().max(120).nullable().default(null), formSection: "connection", shownWhen: { field: "connection", values: ["none"] } },
    { name: "apiKey", type: "secret", labelKey: "resources.suppliers.apiKey", rule: z.string().min(8, "At least 8 characters").max(500).optional(), listColumn: true, formSection: "connection" },
    { name: "apiSecret", type: "secret", labelKey: "resources.suppliers.apiSecret", rule: z.string().min(8, "At least 8 characters").max(500).optional(), formSection: "connection", shownWhen: { field: "connection", values: ["none", "hotelbeds", "xcover"] } },
    { name: "iataNumber", type: "text", labelKey: "resources.suppliers.iataNumber", rule: z.string().trim().regex(/^\d{7,8}$/, "The agency's 7- or 8-digit IATA number").nullable().default(null), formSection: "connection", shownWhen: { field: "connection", values: ["iata_ndc"] } },
    { name: "pseudoCity", type: "text", labelKey: "resources.suppliers.pseudoCity", rule: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{3,10}$/, "A pseudo city code such as KWIGH2100").nullable().default(null), formSection: "connection", shownWhen: { field: "connection", values: ["iata_ndc"] } },
    { name: "partnerCode", type: "text", labelKey: "resources.suppliers.partnerCode", rule: z.string().trim().toUpperCase().regex(/^[A-Z0-9_-]{2,40}$/, "The partner code XCover gave the account, such as LLODT").nullable().default(null), formSection: "connection", shownWhen: { field: "connection", values: ["xcover"] } },
    {
      name: "webhookPublicKey",
      type: "text",
      labelKey: "resources.suppliers.webhookPublicKey",
      rule: z.string().trim().regex(/^-----BEGIN PUBLIC KEY-----[A-Za-z0-9+/=\s]+-----END PUBLIC KEY-----$/, "The PEM public key Wise publishes for webhooks, from -----BEGIN PUBLIC KEY----- to -----END PUBLIC KEY-----").nullable().default(null),
      formSection: "connection",
      shownWhen: { field: "connection", values: ["wise"] },
    },
    { name: "commercialModel", type: "select", labelKey: "resources.suppliers.commercialModel", rule: z.enum(["commission", "markup", "net"]), listColumn: true, filter: true, formSection: "commercial", options: { kind: "list", items: COMMERCIAL_MODELS } },
    { name: "commercialPercentage", type: "text", labelKey: "resources.suppliers.commercialPercentage", rule: z.string().trim().regex(/^\d{1,2}(\.\d{1,2})?$/, "A percentage such as 1.5").default("0"), formSection: "commercial" },
    { name: "settlement", type: "select", labelKey: "resources.suppliers.settlement", rule: z.enum(SETTLEMENTS), filter: true, formSection: "commercial", options: { kind: "list", items: list(SETTLEMENTS) } },
    { name: "currency", type: "select", labelKey: "resources.suppliers.currency", rule: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, "Choose the currency"), listColumn: true, formSection: "commercial", options: { kind: "currencies" } },
    { name: "features", type: "multiselect", labelKey: "resources.suppliers.features", rule: z.array(z.enum(SUPPLIER_FEATURES.map((feature) => feature.code))).default([]), filter: true, formSection: "features", options: { kind: "list", items: SUPPLIER_FEATURES } },
    { name: "restrictedAirlines", type: "multiselect", labelKey: "resources.suppliers.restrictedAirlines", rule: z.array(z.string().regex(/^[A-Z0-9]{2}$/, "Two-character IATA airline codes")).default([]), formSection: "features" },
    { name: "restrictedCountries", type: "multiselect", labelKey: "resources.suppliers.restrictedCountries", rule: z.array(z.string().regex(/^[A-Z]{2}$/, "ISO country codes such as IL")).default([]), formSection: "features", options: { kind: "countries" } },
    { name: "brandIds", type: "multiselect", labelKey: "resources.suppliers.brandIds", rule: z.array(recordIdSchema).default([]), filter: true, formSection: "features", options: { kind: "resource", resource: "organisations", labelField: "name" } },
    { name: "status", type: "select", labelKey: "resources.suppliers.status", rule: z.union([z.literal(0), z.literal(1)]).default(1), listColumn: true, filter: true, formSection: "identity", options: { kind: "list", items: STATUS_FILTER } },
  ],
});
