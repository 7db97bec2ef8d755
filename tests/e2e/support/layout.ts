import { expect, type Page } from "@playwright/test";
import { qa } from "./qa.js";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/**
 * "No e-mail received? Send the e-mail again" of a page that has just sent a mail
 * (ResendMail, data-qa prefix `dataQa`): at 390 px the button wraps under the question and
 * its text starts on the question's text column (QA #12: 9 px right of it, its padding and
 * border); at 1280 px it stays beside the question, a gap of the row's away. The viewport
 * is put back afterwards.
 */
export const expectResendOnTextColumn = async (page: Page, dataQa: string): Promise<void> => {
  const before = page.viewportSize();
  const line = qa(page, `${dataQa}-resend-block`).locator("p").first();
  await expect(qa(page, `${dataQa}-resend`)).toBeVisible();
  const measure = () =>
    line.evaluate((p) => {
      const rectOf = (node: Node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return range.getBoundingClientRect();
      };
      const question = [...p.childNodes].find(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
      );
      const button = p.querySelector("button");
      if (!question || !button) throw new Error("no question or button");
      const q = rectOf(question);
      const b = rectOf(button);
      return {
        questionLeft: q.left,
        questionRight: q.right,
        questionTop: q.top,
        buttonLeft: b.left,
        buttonTop: b.top,
      };
    });
  try {
    await page.setViewportSize(PHONE);
    const phone = await measure();
    expect(phone.buttonTop, "wrapped under the question").toBeGreaterThan(phone.questionTop);
    expect(
      Math.abs(phone.buttonLeft - phone.questionLeft),
      "on the text column",
    ).toBeLessThanOrEqual(1);
    await page.setViewportSize(DESKTOP);
    const desktop = await measure();
    expect(
      Math.abs(desktop.buttonTop - desktop.questionTop),
      "beside the question",
    ).toBeLessThanOrEqual(2);
    const gap = desktop.buttonLeft - desktop.questionRight;
    expect(gap, "a gap of the row's").toBeGreaterThanOrEqual(4);
    expect(gap).toBeLessThanOrEqual(12);
  } finally {
    if (before) await page.setViewportSize(before);
  }
};
