import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { itinerary } from "../../booking/orders/itinerary";
import { TICKETED_ORDER } from "../../booking/testing/platformOrder";
import "../../booking/i18n/bookingStrings";
import { i18n } from "../../i18n/i18n";
import { documentPdfBytes, logoFormatOf } from "./documentPdf";
import { drawnPieces, logical, SHAPED_ARABIC } from "./drawnText.testing";

const AMIRI = readFileSync("public/fonts/Amiri-Regular.ttf").toString("base64");
const latin1 = (bytes: ArrayBuffer) => new TextDecoder("latin1").decode(bytes);
/** A 4 × 2 PNG: a logo twice as wide as it is high. */
const WIDE_PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR4nGP4z8AARwzIHABvqgf5gNwAKAAAAABJRU5ErkJggg==", "base64"));
/** Where the page draws an image: the `a 0 0 d e f cm` before its `Do`, in points. */
const imagePlacement = (pdf: string) => {
  const [, width, height, x, y] = /([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm\s*\/I\d+ Do/.exec(pdf)!.map(Number);
  return { width: width!, height: height!, x: x!, y: y! };
};

describe("document PDF", () => {
  it("writes an English document left to right in Helvetica", async () => {
    const pdf = latin1(await documentPdfBytes(itinerary(TICKETED_ORDER, i18n.getFixedT("en"), "en")));
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf).not.toContain("/BaseFont /Amiri");
    const pnr = drawnPieces(pdf).find((piece) => piece.text === "Booking reference (PNR): X7K2PQ");
    expect(pnr?.x).toBeCloseTo(14 * (72 / 25.4), 0);
  });

  it("writes an Arabic document right to left in the Arabic font, codes and dates kept in their own order", async () => {
    const pdf = latin1(await documentPdfBytes(itinerary(TICKETED_ORDER, i18n.getFixedT("ar"), "ar"), { arabicFont: AMIRI }));
    expect(pdf).toContain("/BaseFont /Amiri");
    const pieces = drawnPieces(pdf);
    const reference = pieces.find((piece) => piece.text === "X7K2PQ")!;
    // The PNR line read right to left: the Arabic label, then "PNR" in its brackets, then the code.
    const line = pieces.filter((piece) => piece.y === reference.y).sort((left, right) => right.x - left.x);
    expect(SHAPED_ARABIC.test(line[0]!.text)).toBe(true);
    expect(logical(line[0]!.text).trim()).toMatch(/^رقم الحجز/);
    expect(line.map((piece) => piece.text).filter((text) => /[A-Z]/.test(text))).toEqual(["PNR", "X7K2PQ"]);
    // The flights table runs from the right: the flight number right of the departure, a date whole.
    const flight = pieces.find((piece) => piece.text === "BA156")!;
    const departure = pieces.find((piece) => piece.text === "KWI 2026-12-10 08:00")!;
    expect(departure.y).toBe(flight.y);
    expect(flight.x).toBeGreaterThan(departure.x);
    expect(pieces.some((piece) => logical(piece.text) === "الإجمالي")).toBe(true);
  });

  it("prints a logo at the top across from the title, keeping its proportions: right in English, left in Arabic", async () => {
    expect(logoFormatOf(WIDE_PNG)).toBe("PNG");
    expect(logoFormatOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("JPEG");
    expect(logoFormatOf(new TextEncoder().encode("GIF89a"))).toBeUndefined();
    const points = (millimetres: number) => millimetres * (72 / 25.4);
    const english = imagePlacement(latin1(await documentPdfBytes(itinerary(TICKETED_ORDER, i18n.getFixedT("en"), "en"), { logo: { bytes: WIDE_PNG, format: "PNG" } })));
    expect(english.height).toBeCloseTo(points(12), 0);
    expect(english.width).toBeCloseTo(points(24), 0);
    expect(english.x + english.width).toBeCloseTo(points(210 - 14), 0);
    const arabic = imagePlacement(latin1(await documentPdfBytes(itinerary(TICKETED_ORDER, i18n.getFixedT("ar"), "ar"), { arabicFont: AMIRI, logo: { bytes: WIDE_PNG, format: "PNG" } })));
    expect(arabic.x).toBeCloseTo(points(14), 0);
    expect(latin1(await documentPdfBytes(itinerary(TICKETED_ORDER, i18n.getFixedT("en"), "en")))).not.toMatch(/\/I\d+ Do/);
  });
});
