/** A piece of a line written in one direction. */
export interface TextRun {
  readonly text: string;
  readonly rtl: boolean;
}

// Marks that steer a browser's layout; a PDF is laid out here, so they would only print as boxes.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** The text without the marks that steer a browser's bidi layout (the console's strings carry isolates in Arabic). */
export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROLS, "");

const LEFT_TO_RIGHT = /[A-Za-z0-9\u00C0-\u024F\u0660-\u0669\u06F0-\u06F9]/;
const ARABIC_LETTER = /[\u0600-\u065F\u066A-\u06EF\u06FA-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;

/**
 * A line of an Arabic (right-to-left) paragraph cut into runs, in reading order. A run of Latin
 * text, digits and the punctuation between them (a PNR, "KWD 252.125", "2026-12-01 10:00 UTC",
 * "Mr John Smith") keeps its left-to-right order whole, as if isolated; the Arabic and the
 * punctuation around it read right to left, and so does a "label: value" colon. This is what a browser shows for text with `<bdi>`
 * around its codes and times, done by hand because jsPDF's bidi engine reverses dates that
 * follow Arabic words.
 */
export function rtlParagraphRuns(line: string): TextRun[] {
  const text = withoutBidiControls(line);
  const runs: TextRun[] = [];
  const push = (piece: string, rtl: boolean) => {
    if (piece !== "") runs.push({ text: piece, rtl });
  };
  let index = 0;
  let rtlStart = 0;
  // A run starts at a Latin letter or a digit, or at the plus sign of a phone number ("+965 …").
  const startsRun = (at: number) => LEFT_TO_RIGHT.test(text[at]!) || (text[at] === "+" && /\d/.test(text[at + 1] ?? ""));
  while (index < text.length) {
    if (!startsRun(index)) {
      index += 1;
      continue;
    }
    let end = index;
    let lastStrong = index;
    let open = 0;
    while (end < text.length && !ARABIC_LETTER.test(text[end]!)) {
      const char = text[end]!;
      // A bracket opened before the run, or a label's colon, closes the run: they belong to the Arabic.
      if ((char === ")" && open === 0) || (char === ":" && text[end + 1] === " ")) break;
      if (char === "(") open += 1;
      if (char === ")") open -= 1;
      if (LEFT_TO_RIGHT.test(char) || char === ")") lastStrong = end;
      end += 1;
    }
    push(text.slice(rtlStart, index), true);
    push(text.slice(index, lastStrong + 1), false);
    index = lastStrong + 1;
    rtlStart = index;
  }
  push(text.slice(rtlStart), true);
  return runs;
}

/** Whether a text holds Arabic letters, and so needs the Arabic font to be read. */
export const hasArabic = (text: string) => ARABIC_LETTER.test(text);
