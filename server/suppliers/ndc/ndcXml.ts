import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";
import { minorToMajorText, type Money } from "../../../src/contract/money";
import { providerMoney } from "../providerMoney";
import { SupplierError } from "../supplierError";

/**
 * NDC's XML as plain objects, and back: the parsing rules in one place (namespaces dropped, every
 * value kept as text, amounts with their CurCode attribute), and readers that fail in words
 * naming the element that is missing, so an airline's unexpected answer says where it went wrong.
 */

export const NDC_NAMESPACE = "http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage";
export const NDC_VERSION = "21.3";

/** A parsed element: its children by name (repeated ones as arrays), its attributes as "@Name", its text as "#text". */
export type XmlNode = { readonly [name: string]: unknown };

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false, trimValues: true });
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@", suppressEmptyNode: true });

export function parseXml(text: string, who: string): XmlNode {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new SupplierError("SUPPLIER_FAILURE", `${who} answered with XML that cannot be read (${valid.err.msg}, line ${valid.err.line}).`);
  try {
    return parser.parse(text) as XmlNode;
  } catch (error) {
    throw new SupplierError("SUPPLIER_FAILURE", `${who} answered with XML that cannot be read (${error instanceof Error ? error.message : String(error)}).`);
  }
}

/** An NDC message: the root element in the NDC namespace. */
export function buildXml(root: string, body: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ [root]: { "@xmlns": NDC_NAMESPACE, ...body } }) as string}`;
}

/** An amount element's content: `<TotalAmount CurCode="GBP">123.45</TotalAmount>`. */
export const amountNode = (money: Money) => ({ "#text": minorToMajorText(money.amount, money.currency), "@CurCode": money.currency });

const missing = (path: string) => new SupplierError("SUPPLIER_FAILURE", `The airline's answer has no ${path}.`);

function asNode(value: unknown): XmlNode {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as XmlNode;
  return { "#text": value === null || value === undefined ? "" : String(value) };
}

/** Every child element of this name (none, one or many). */
export function many(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  if (value === undefined || value === null || value === "") return [];
  return (Array.isArray(value) ? value : [value]).map(asNode);
}

/** The element at the end of a path of child names, or undefined. */
export function optional(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node;
  for (const name of path) current = many(current, name)[0];
  return current;
}

export function one(node: XmlNode | undefined, ...path: string[]): XmlNode {
  const found = optional(node, ...path);
  if (!found) throw missing(path.join("/"));
  return found;
}

const textIn = (node: XmlNode | undefined): string | undefined => {
  const value = node?.["#text"];
  return value === undefined ? undefined : String(value);
};

/** The text at a path, or undefined when the element is absent. */
export const textOf = (node: XmlNode | undefined, ...path: string[]): string | undefined => textIn(optional(node, ...path));

export function text(node: XmlNode | undefined, ...path: string[]): string {
  const found = textOf(node, ...path);
  if (found === undefined || found === "") throw missing(path.join("/"));
  return found;
}

/** The texts of every child element of this name. */
export const texts = (node: XmlNode | undefined, name: string): string[] => many(node, name).map((child) => textIn(child) ?? "").filter((value) => value !== "");

/** An amount element in minor units, parsed exactly. */
export function moneyAt(node: XmlNode | undefined, ...path: string[]): Money {
  const element = optional(node, ...path);
  const amount = textIn(element);
  const currency = element?.["@CurCode"];
  if (amount === undefined || typeof currency !== "string") throw missing(path.join("/"));
  return providerMoney("The airline", amount, currency);
}

export const optionalMoneyAt = (node: XmlNode | undefined, ...path: string[]): Money | null => (optional(node, ...path) ? moneyAt(node, ...path) : null);
