import { describe, expect, it } from "vitest";
import { rtlParagraphRuns } from "./bidiRuns";

const runs = (line: string) => rtlParagraphRuns(line).map(({ text, rtl }) => `${rtl ? "R" : "L"}[${text}]`).join(" ");

describe("right-to-left paragraph runs", () => {
  it("keeps a code, a date with its time and an amount whole after an Arabic label", () => {
    expect(runs("رقم الحجز: X7K2PQ")).toBe("R[رقم الحجز: ] L[X7K2PQ]");
    expect(runs("آخر موعد للدفع: 2026-12-01 10:00 UTC")).toBe("R[آخر موعد للدفع: ] L[2026-12-01 10:00 UTC]");
    expect(runs("الإجمالي: \u200F252.125 KWD")).toBe("R[الإجمالي: ] L[252.125 KWD]");
    expect(runs("المسار: \u2068KWI → LHR\u2069")).toBe("R[المسار: ] L[KWI → LHR]");
  });

  it("leaves the punctuation around Latin text to the Arabic, but keeps a bracket the Latin text opened", () => {
    expect(runs("BA156 (مشغلة من Kuwait Airways)")).toBe("L[BA156] R[ (مشغلة من ] L[Kuwait Airways] R[)]");
    expect(runs("الطائرة: Airbus A320 (320)")).toBe("R[الطائرة: ] L[Airbus A320 (320)]");
    expect(runs("رقم الحجز (PNR): X7K2PQ")).toBe("R[رقم الحجز (] L[PNR] R[): ] L[X7K2PQ]");
    expect(runs("Fare: Economy Light")).toBe("L[Fare] R[: ] L[Economy Light]");
  });

  it("is one run for a line in one direction", () => {
    expect(runs("Mr John Smith")).toBe("L[Mr John Smith]");
    expect(runs("لم يصدر بعد")).toBe("R[لم يصدر بعد]");
    expect(runs("")).toBe("");
  });
});
