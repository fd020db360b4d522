import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

export const PHONE = { width: 390, height: 844 };

/**
 * What a person on a phone would find wrong with the page as it stands: sideways scroll, a price
 * or a primary button outside the screen, a word broken between lines. One line each.
 */
async function layoutProblems(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden" && !element.closest("[aria-hidden=true], .ant-select-dropdown-hidden, .ant-picker-dropdown-hidden");
    const describe = (element: Element) => `${element.tagName.toLowerCase()}${element.getAttribute("data-testid") ? `[${element.getAttribute("data-testid")}]` : ""} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    if (document.documentElement.scrollWidth > width) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    for (const element of document.querySelectorAll("[data-money], .ant-btn-primary")) {
      if (!shown(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.left < -1 || box.right > width + 1) problems.push(`${describe(element)} is outside the screen (${Math.round(box.left)}–${Math.round(box.right)} px)`);
    }
    // A word is broken when its letters sit on more than one line; so is a date split at a hyphen.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !shown(parent) || parent.closest("script, style, textarea, [contenteditable]")) continue;
      for (const match of (node.textContent ?? "").matchAll(/\p{L}{2,}|\d{4}-\d{2}-\d{2}/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) problems.push(`"${match[0]}" is broken across lines in ${describe(parent)}`);
      }
    }
    return problems;
  });
  return found.map((problem) => `${where}: ${problem}`);
}

/** Serious and critical WCAG 2.1 AA violations on the page as it stands, one line each. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
  // Colours are judged at rest: a button fading from disabled to enabled is not a contrast failure.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity));
  // A toast comes and goes on its own timer: caught mid-fade, its colours are not what anyone reads.
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).exclude(".ant-message").analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${where}: ${violation.id} on ${violation.nodes.length} element(s), first ${violation.nodes[0]?.target.join(" ")}: ${violation.nodes[0]?.failureSummary?.split("\n")[1]?.trim() ?? ""}`);
}

async function switchLanguage(page: Page, language: "en" | "ar") {
  await page.getByTestId("language-switcher").locator(`[lang="${language}"]`).click();
  await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
}

/** Accessibility and layout of the page as it stands in one language, and its screenshot attached (and saved in the folder SCREENSHOTS names). */
async function look(page: Page, testInfo: TestInfo, step: string, language: "en" | "ar", found: string[]) {
  const where = `${step} (${language})`;
  found.push(...(await seriousViolations(page, where)));
  found.push(...(await layoutProblems(page, where)));
  // The whole page for a person to look at; what is on the screen, quicker, for a report.
  const screenshot = await page.screenshot(process.env.SCREENSHOTS ? { fullPage: true, path: `${process.env.SCREENSHOTS}/phone-${step}-${language}.png` } : {});
  await testInfo.attach(`${step}-${language}.png`, { body: screenshot, contentType: "image/png" });
}

/**
 * Looks at one step of a journey on a phone, in English and then in Arabic (switched in place, so
 * the step keeps its state): accessibility, layout, what inArabic expects of the Arabic page, and
 * a screenshot of each attached to the test
 * (and saved in the folder SCREENSHOTS names, for a person to look at).
 */
export async function lookAtStep(page: Page, testInfo: TestInfo, step: string, found: string[], inArabic?: () => Promise<void>) {
  for (const language of ["en", "ar"] as const) {
    if (language === "ar") {
      await switchLanguage(page, "ar");
      await inArabic?.();
    }
    await look(page, testInfo, step, language, found);
  }
  await switchLanguage(page, "en");
}

/**
 * Looks at a dialog over a step the same way. Its mask covers the language switcher, so it is
 * opened in English, closed, and opened again once the page is in Arabic.
 */
export async function lookAtDialog(page: Page, testInfo: TestInfo, step: string, found: string[], dialog: { open: () => Promise<void>; close: () => Promise<void> }) {
  for (const language of ["en", "ar"] as const) {
    if (language === "ar") await switchLanguage(page, "ar");
    await dialog.open();
    await look(page, testInfo, step, language, found);
    await dialog.close();
  }
  await switchLanguage(page, "en");
}
