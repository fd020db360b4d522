import type { TFunction } from "i18next";
import type { Transfer } from "../../contract/moneyTransfer";
import { formatMoney } from "../ui/MoneyText";
import { download } from "../../lib/download";
import { drawRtlLine, loadArabicFont, registerArabicFont } from "../../lib/pdf/documentPdf";

/** One line of the receipt: the English label, the value (names, numbers, codes), the Arabic label. */
export type ReceiptRow = readonly [english: string, value: string, arabic: string];

/** The bilingual receipt as text, the same for the PDF and its test. */
export interface BilingualReceipt {
  readonly title: readonly [english: string, arabic: string];
  readonly rows: readonly ReceiptRow[];
}

const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/** What the remitter takes away: who sent what to whom, at which rate and fee, and where it stands. */
export function transferReceipt(transfer: Transfer, english: TFunction, arabic: TFunction): BilingualReceipt {
  const row = (key: string, value: string): ReceiptRow => [english(`booking.transfer.receipt.${key}`), value, arabic(`booking.transfer.receipt.${key}`)];
  const rate = `1 ${transfer.sendAmount.currency} = ${transfer.rate} ${transfer.receiveAmount.currency}`;
  return {
    title: [english("booking.transfer.receipt.title"), arabic("booking.transfer.receipt.title")],
    rows: [
      row("reference", transfer.reference),
      row("partnerReference", transfer.partnerReference ?? "-"),
      row("date", when(transfer.createdAt)),
      row("agency", transfer.organisationName),
      row("brand", transfer.brandName),
      row("remitter", transfer.remitter.name),
      row("remitterId", `${english(`booking.transfer.idTypes.${transfer.remitter.idType}`)} ${transfer.remitter.idNumber}`),
      row("beneficiary", `${transfer.beneficiary.name} (${transfer.beneficiary.country})`),
      row("payout", `${english(`booking.transfer.payoutMethods.${transfer.beneficiary.payoutMethod}`)}: ${transfer.beneficiary.payoutTo}`),
      row("purpose", transfer.purpose),
      row("sent", formatMoney(transfer.sendAmount, "en")),
      row("rate", rate),
      row("fee", formatMoney(transfer.fee, "en")),
      row("total", formatMoney(transfer.totalToPay, "en")),
      row("received", formatMoney(transfer.receiveAmount, "en")),
      [english("booking.transfer.receipt.state"), english(`booking.transfer.states.${transfer.state}`), `${arabic("booking.transfer.receipt.state")}: ${arabic(`booking.transfer.states.${transfer.state}`)}`],
    ],
  };
}

/**
 * The receipt as a PDF: English on the left, Arabic on the right in the Arabic font, the values
 * between them. The Arabic cells are drawn by hand, as in every Arabic document (documentPdf.ts).
 */
export async function receiptPdfBytes(receipt: BilingualReceipt, arabicFontBase64: string): Promise<ArrayBuffer> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import("jspdf"), import("jspdf-autotable")]);
  const pdf = new jsPDF();
  const arabicFont = registerArabicFont(pdf, arabicFontBase64);
  pdf.setFontSize(15);
  pdf.setFont("helvetica", "bold");
  pdf.text(receipt.title[0], 14, 18);
  pdf.setFont(arabicFont, "normal");
  drawRtlLine(pdf, receipt.title[1], 196, 18);
  autoTable(pdf, {
    body: receipt.rows.map(([english, value]) => [english, value, ""]),
    startY: 26,
    theme: "striped",
    styles: { fontSize: 10, font: "helvetica" },
    columnStyles: { 0: { fontStyle: "bold", cellWidth: 45 }, 2: { cellWidth: 55 } },
    didDrawCell: ({ section, column, row, cell }) => {
      if (section !== "body" || column.index !== 2) return;
      pdf.setFont(arabicFont, "normal");
      pdf.setFontSize(10);
      drawRtlLine(pdf, receipt.rows[row.index]![2], cell.x + cell.width - cell.padding("right"), cell.y + cell.height / 2, "middle");
    },
  });
  return pdf.output("arraybuffer");
}

/** Saves the receipt as receipt-DMT-<id>.pdf, fetching the Arabic font the first time. */
export async function downloadTransferReceipt(transfer: Transfer, english: TFunction, arabic: TFunction): Promise<void> {
  const bytes = await receiptPdfBytes(transferReceipt(transfer, english, arabic), await loadArabicFont());
  download(bytes, `receipt-${transfer.reference}.pdf`, "application/pdf");
}
