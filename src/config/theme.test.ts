import { theme } from "antd";
import { describe, expect, test } from "vitest";
import { ACCESSIBLE_THEME } from "./theme";

/** WCAG 2.1 contrast ratio of two opaque #rrggbb colours. */
function contrast(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [red, green, blue] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).map((channel) => (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4));
    return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

const token = theme.getDesignToken(ACCESSIBLE_THEME) as unknown as Record<string, string>;
const PRESETS = ["blue", "purple", "cyan", "green", "magenta", "pink", "red", "orange", "yellow", "volcano", "geekblue", "lime", "gold"];
const STATUSES = [["success", "colorSuccess", "colorSuccessBg"], ["warning", "colorWarning", "colorWarningBg"], ["error", "colorError", "colorErrorBg"], ["processing", "colorInfo", "colorInfoBg"]];

describe("every tag a status can wear is readable (WCAG AA, 4.5:1 at 12 px)", () => {
  test.each(PRESETS)("the %s tag", (preset) => {
    expect(contrast(token[`${preset}7`]!, token[`${preset}1`]!)).toBeGreaterThanOrEqual(4.5);
  });
  test.each(STATUSES)("the %s tag", (_status, text, background) => {
    expect(contrast(token[text]!, token[background]!)).toBeGreaterThanOrEqual(4.5);
  });
});
