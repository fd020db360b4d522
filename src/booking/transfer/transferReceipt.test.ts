import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Transfer } from "../../contract/moneyTransfer";
import { i18n } from "../../i18n/i18n";
import "../i18n/bookingStrings";
import { drawnPieces, logical, SHAPED_ARABIC } from "../../lib/pdf/drawnText.testing";
import { receiptPdfBytes, transferReceipt } from "./transferReceipt";

const TRANSFER: Transfer = {
  id: 12,
  orderId: 340,
  reference: "DMT-12",
  organisationId: 3,
  organisationName: "Gulf Horizon Travel",
  state: "paid",
  brandCode: "SWIFTREMIT",
  brandName: "Swift Remit (sandbox)",
  partnerReference: "SR0012345678",
  remitter: { id: 5, name: "Ravi Kumar", idType: "civilId", idNumber: "288010112345", phone: "+96550123456" },
  beneficiary: { id: 9, name: "Anita Kumar", country: "IN", payoutMethod: "bank", payoutTo: "State Bank of India 3000…4567" },
  purpose: "Family support",
  rate: "268.271640",
  sendAmount: { amount: 250_000, currency: "KWD" },
  fee: { amount: 2_125, currency: "KWD" },
  totalToPay: { amount: 252_125, currency: "KWD" },
  receiveAmount: { amount: 67_067, currency: "INR" },
  createdAt: "2026-11-25T09:41:07.000Z",
  events: [],
};

describe("money-transfer receipt", () => {
  const receipt = transferReceipt(TRANSFER, i18n.getFixedT("en"), i18n.getFixedT("ar"));

  it("puts every figure between its English and Arabic labels", () => {
    expect(receipt.title).toEqual(["Money transfer receipt", "إيصال تحويل أموال"]);
    expect(receipt.rows).toContainEqual(["Amount sent", "KWD 250.000", "المبلغ المرسل"]);
    expect(receipt.rows).toContainEqual(["Exchange rate", "1 KWD = 268.271640 INR", "سعر الصرف"]);
    expect(receipt.rows).toContainEqual(["Fee", "KWD 2.125", "الرسوم"]);
    expect(receipt.rows).toContainEqual(["Total paid", "KWD 252.125", "المجموع المدفوع"]);
    expect(receipt.rows).toContainEqual(["Amount received", "INR 67,067", "المبلغ المستلم"]);
    expect(receipt.rows).toContainEqual(["Remitter's ID", "Civil ID 288010112345", "هوية المرسل"]);
    expect(receipt.rows.at(-1)).toEqual(["Status", "Paid out", "الحالة: تم الصرف"]);
  });

  it("writes the Arabic in a real Arabic font, shaped and right to left", async () => {
    const font = readFileSync("public/fonts/Amiri-Regular.ttf").toString("base64");
    const pdf = new TextDecoder("latin1").decode(await receiptPdfBytes(receipt, font));
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf).toContain("/BaseFont /Amiri");
    const drawn = drawnPieces(pdf).map((piece) => piece.text);
    expect(drawn).toContain("Money transfer receipt");
    expect(drawn).toContain("KWD 252.125");
    const arabic = drawn.filter((text) => SHAPED_ARABIC.test(text));
    // Every letter is drawn in its joined (presentation) form, in visual order, right to left.
    expect(arabic.map(logical)).toEqual(expect.arrayContaining(["إيصال تحويل أموال", "المبلغ المرسل", "الحالة: تم الصرف"]));
    expect(arabic.every((text) => !/[\u0621-\u064A]/.test(text))).toBe(true);
  });
});
