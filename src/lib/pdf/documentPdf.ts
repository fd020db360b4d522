import type { jsPDF } from "jspdf";
import { download } from "../download";
import { base64Of } from "../base64";
import { rtlParagraphRuns, withoutBidiControls } from "./bidiRuns";

export interface DocumentTable {
  title: string;
  header: string[];
  rows: string[][];
}

/** A document as text and tables: the same for its PDF and its test. */
export interface DocumentContent {
  title: string;
  lines: string[];
  tables: DocumentTable[];
}

/** A brand's logo as a PDF takes it: PNG or JPEG bytes. */
export interface DocumentLogo {
  readonly bytes: Uint8Array;
  readonly format: "PNG" | "JPEG";
}

export interface DocumentLayout {
  /** Arabic documents read right to left, in the Arabic font (base64 of its TrueType file). */
  readonly arabicFont?: string;
  /** Printed at the top, across from the title. */
  readonly logo?: DocumentLogo;
  readonly orientation?: "portrait" | "landscape";
  readonly fontSize?: number;
}

/** Amiri: an Arabic face with Latin letters too, so names, codes and amounts print in Arabic documents. */
const ARABIC_FONT_URL = "/fonts/Amiri-Regular.ttf";
const ARABIC_FONT = "Amiri";
const MARGIN = 14;
const LOGO_HEIGHT = 12;
const LOGO_MAX_WIDTH = 48;

// jsPDF's own bidi options for a piece already known to be right to left: shape, reorder, mirror brackets.
const RTL_PIECE = { isInputVisual: false, isOutputVisual: true, isInputRtl: true, isOutputRtl: false, isSymmetricSwapping: true };
const LTR_PIECE = { isInputVisual: false, isOutputVisual: true, isInputRtl: false, isOutputRtl: false };

/** Adds the Arabic font to a document and gives its name. */
export function registerArabicFont(pdf: jsPDF, base64: string): string {
  pdf.addFileToVFS(`${ARABIC_FONT}.ttf`, base64);
  pdf.addFont(`${ARABIC_FONT}.ttf`, ARABIC_FONT, "normal");
  return ARABIC_FONT;
}

/** Draws one line of an Arabic paragraph ending at `right`, its runs placed right to left. */
export function drawRtlLine(pdf: jsPDF, line: string, right: number, y: number, baseline: "alphabetic" | "middle" = "alphabetic"): void {
  let x = right;
  for (const run of rtlParagraphRuns(line)) {
    pdf.text(run.text, x, y, { align: "right", baseline, ...(run.rtl ? RTL_PIECE : LTR_PIECE) });
    x -= pdf.getTextWidth(run.text);
  }
}

/**
 * A document's PDF. In Arabic, the page is mirrored: the title and lines align right, table
 * columns run from the right, and every cell is drawn by hand in runs (autoTable lays cells out,
 * but its own drawing would reverse the reordered Arabic again).
 */
export async function documentPdfBytes(source: DocumentContent, layout: DocumentLayout = {}): Promise<ArrayBuffer> {
  // Laid out here, not by a browser: the isolates of translated sentences would only be measured and drawn as boxes.
  const plain = (cells: string[]) => cells.map(withoutBidiControls);
  const content: DocumentContent = {
    title: withoutBidiControls(source.title),
    lines: plain(source.lines),
    tables: source.tables.map((table) => ({ title: withoutBidiControls(table.title), header: plain(table.header), rows: table.rows.map(plain) })),
  };
  const [{ jsPDF }, { autoTable }] = await Promise.all([import("jspdf"), import("jspdf-autotable")]);
  const pdf = new jsPDF({ orientation: layout.orientation ?? "portrait" });
  const rtl = layout.arabicFont !== undefined;
  const font = layout.arabicFont ? registerArabicFont(pdf, layout.arabicFont) : "helvetica";
  const pageWidth = pdf.internal.pageSize.getWidth();
  const textWidth = pageWidth - 2 * MARGIN;
  const fontSize = layout.fontSize ?? 10;
  const write = (text: string, y: number) => (rtl ? drawRtlLine(pdf, text, pageWidth - MARGIN, y) : pdf.text(text, MARGIN, y));
  pdf.setFont(font, "normal");

  if (layout.logo) {
    const { width, height } = pdf.getImageProperties(layout.logo.bytes);
    const drawnWidth = Math.min(LOGO_MAX_WIDTH, (LOGO_HEIGHT * width) / height);
    const drawnHeight = (drawnWidth * height) / width;
    pdf.addImage(layout.logo.bytes, layout.logo.format, rtl ? MARGIN : pageWidth - MARGIN - drawnWidth, 6, drawnWidth, drawnHeight);
  }
  pdf.setFontSize(16);
  write(content.title, 16);
  pdf.setFontSize(fontSize);
  let y = 26;
  for (const line of content.lines.flatMap((text) => pdf.splitTextToSize(text, textWidth) as string[])) {
    write(line, y);
    y += 6;
  }
  y += 4;
  const drawnLater = new WeakMap<object, string[]>();
  for (const table of content.tables) {
    if (table.title) {
      pdf.setFontSize(12);
      write(table.title, y);
    }
    const inReadingOrder = (cells: string[]) => (rtl ? [...cells].reverse() : cells);
    autoTable(pdf, {
      head: [inReadingOrder(table.header)],
      body: table.rows.map(inReadingOrder),
      startY: table.title ? y + 3 : y,
      margin: { left: MARGIN, right: MARGIN },
      styles: { fontSize: fontSize - 1, font, ...(rtl ? { halign: "right" as const } : {}) },
      headStyles: rtl ? { fontStyle: "normal" } : {},
      willDrawCell: ({ cell }) => {
        if (!rtl) return;
        drawnLater.set(cell, cell.text);
        cell.text = [];
      },
      didDrawCell: ({ cell }) => {
        const lines = drawnLater.get(cell);
        if (!lines) return;
        const lineHeight = (cell.styles.fontSize * pdf.getLineHeightFactor()) / pdf.internal.scaleFactor;
        lines.forEach((line, index) => drawRtlLine(pdf, line, cell.x + cell.width - cell.padding("right"), cell.y + cell.padding("top") + (index + 0.5) * lineHeight, "middle"));
      },
    });
    y = (pdf as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 10;
  }
  return pdf.output("arraybuffer");
}

let arabicFont: Promise<string> | undefined;

/** The Arabic font as base64, fetched once per page load. */
export function loadArabicFont(): Promise<string> {
  arabicFont ??= fetch(ARABIC_FONT_URL).then(async (response) => {
    if (!response.ok) throw new Error(`The Arabic font could not be loaded (${response.status}).`);
    return base64Of(await response.arrayBuffer());
  });
  arabicFont.catch(() => (arabicFont = undefined));
  return arabicFont;
}

/** The logo's format from its first bytes: the PNG signature, or JPEG's start of image; anything else is not printed. */
export function logoFormatOf(bytes: Uint8Array): DocumentLogo["format"] | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "PNG";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "JPEG";
  return undefined;
}

/** A logo to print from its address; none when it cannot be fetched or is not PNG or JPEG (the document prints without it). */
export async function fetchDocumentLogo(url: string): Promise<DocumentLogo | undefined> {
  try {
    const response = await fetch(url);
    if (!response.ok) return undefined;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const format = logoFormatOf(bytes);
    return format ? { bytes, format } : undefined;
  } catch {
    return undefined;
  }
}

/** Saves a document as a PDF in the user's language: Arabic right to left in its font, English otherwise. */
export async function saveDocumentPdf(content: DocumentContent, fileName: string, language: string, layout: Omit<DocumentLayout, "arabicFont"> = {}): Promise<void> {
  const arabic = language.startsWith("ar") ? await loadArabicFont() : undefined;
  download(await documentPdfBytes(content, { ...layout, ...(arabic ? { arabicFont: arabic } : {}) }), fileName, "application/pdf");
}
