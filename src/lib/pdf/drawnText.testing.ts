/** A piece of text as a PDF paints it, where it starts on the page (points from the bottom left). */
export interface DrawnPiece {
  readonly text: string;
  readonly x: number;
  readonly y: number;
}

/**
 * The text a jsPDF document paints, piece by piece: Latin strings of the built-in fonts as
 * written, Identity-H strings (an embedded TrueType font) through the font's ToUnicode map, glyph
 * by glyph in the order they are painted.
 */
export function drawnPieces(pdf: string): DrawnPiece[] {
  const unicodeOf = new Map<string, string>();
  for (const [, glyph, code] of pdf.matchAll(/<([0-9a-f]{4})><([0-9a-f]{4})>/g)) unicodeOf.set(glyph!, String.fromCharCode(parseInt(code!, 16)));
  return [...pdf.matchAll(/([\d.-]+) ([\d.-]+) Td\s+(?:<([0-9a-f]+)>|\(((?:[^()\\]|\\.)*)\)) Tj/gi)].map(([, x, y, hex, latin]) => ({
    x: Number(x),
    y: Number(y),
    text: hex ? (hex.match(/.{4}/g) ?? []).map((glyph) => unicodeOf.get(glyph.toLowerCase()) ?? "?").join("") : latin!.replace(/\\(.)/g, "$1"),
  }));
}

/** Arabic as it was typed, from the shaped, right-to-left glyphs a PDF paints. */
export const logical = (visual: string) => [...visual].reverse().join("").normalize("NFKC");

/** Arabic presentation forms: the joined letters a shaped Arabic text is drawn in. */
export const SHAPED_ARABIC = /[\uFB50-\uFDFF\uFE70-\uFEFF]/;
