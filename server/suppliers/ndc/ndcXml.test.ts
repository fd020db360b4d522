import { describe, expect, it } from "vitest";
import { amountNode, buildXml, many, moneyAt, one, parseXml, text, textOf, texts } from "./ndcXml";

describe("NDC XML", () => {
  const root = parseXml(
    `<ns:IATA_OfferPriceRS xmlns:ns="http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage"><ns:Response><ns:Offer><ns:OfferID>OF1</ns:OfferID><ns:TotalPrice><ns:TotalAmount CurCode="KWD">123.450</ns:TotalAmount></ns:TotalPrice><ns:PaxRefID>PAX1</ns:PaxRefID><ns:PaxRefID>PAX2</ns:PaxRefID></ns:Offer></ns:Response></ns:IATA_OfferPriceRS>`,
    "BA NDC",
  );
  const offer = one(root, "IATA_OfferPriceRS", "Response", "Offer");

  it("reads elements without their namespace prefix, texts as written, repeated elements as lists", () => {
    expect(text(offer, "OfferID")).toBe("OF1");
    expect(texts(offer, "PaxRefID")).toEqual(["PAX1", "PAX2"]);
    expect(many(offer, "Missing")).toEqual([]);
    expect(textOf(offer, "Missing")).toBeUndefined();
  });

  it("reads an amount exactly in its currency's minor units, and names what is missing", () => {
    expect(moneyAt(offer, "TotalPrice", "TotalAmount")).toEqual({ amount: 123450, currency: "KWD" });
    expect(() => text(offer, "OwnerCode")).toThrow("The airline's answer has no OwnerCode.");
    expect(() => moneyAt(offer, "TotalPrice", "BaseAmount")).toThrow("TotalPrice/BaseAmount");
    const tooPrecise = one(parseXml(`<A><TotalAmount CurCode="GBP">1.005</TotalAmount></A>`, "BA NDC"), "A");
    expect(() => moneyAt(tooPrecise, "TotalAmount")).toThrow(/cannot be read/);
  });

  it("writes a message in the NDC namespace with amounts that read back the same", () => {
    const xml = buildXml("IATA_OrderChangeRQ", { Request: { Amount: amountNode({ amount: 4250, currency: "EUR" }) } });
    expect(xml).toContain('<IATA_OrderChangeRQ xmlns="http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage">');
    expect(moneyAt(one(parseXml(xml, "test"), "IATA_OrderChangeRQ", "Request"), "Amount")).toEqual({ amount: 4250, currency: "EUR" });
  });

  it("refuses what is not XML, in words", () => {
    expect(() => parseXml("<Broken><Unclosed></Broken>", "BA NDC")).toThrow(/BA NDC answered with XML that cannot be read/);
  });
});
