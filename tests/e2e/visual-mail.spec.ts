import { REGISTER_OPTIN_PATH, registerAccount } from "../src/support/accounts-api.js";
import { uniqueAccount } from "./support/accounts.js";
import { expect, test } from "./support/fixtures.js";
import { qa } from "./support/qa.js";

// Issue 16: the mails in the brand, as HTML with a text part. Reference screenshots of the
// opt-in mail's HTML part as the outbox serves it (`/outbox/messages/ID.html`, what a mail
// client renders) at 1280 and 390 px in de, en and fr. The written-out link holds the token
// and the portal's port: it is masked. Update with `--update-snapshots` (tests/README.md).

// The browser opens the outbox as a developer on this machine does: the outbox answers no
// request with a proxy header, so this file's requests come from the plain loopback peer.
test.use({ clientAddress: null });

const WIDTHS = [1280, 390] as const;
const LANGUAGES = ["de", "en", "fr"] as const;

for (const language of LANGUAGES) {
  test(`opt-in mail in ${language} at ${WIDTHS.join(" and ")} px`, async ({
    page,
    a11y,
    portal,
    outbox,
  }) => {
    const account = uniqueAccount(`mail-${language}`);
    await registerAccount(portal.url, account, { preferredLanguage: language });
    const mail = await outbox.next(account.email, { linkPath: REGISTER_OPTIN_PATH });
    const link = mail.links[0]!;

    // The outbox shows the HTML part framed and the text part below it. axe checks the mail
    // here, inside its frame (contrast, language, headings, link names): the mail's own page
    // below has no landmarks, as a mail must not (the mail client puts it in its own main).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/outbox?to=${encodeURIComponent(account.email)}`);
    await expect(qa(page, "outbox-message-html")).toBeVisible();
    await expect(
      page.frameLocator('[data-qa="outbox-message-html"]').getByRole("heading", { level: 1 }),
    ).toBeVisible();
    await expect(qa(page, "outbox-message-text")).toContainText(link);
    await a11y.scan(page, "(outbox with the framed mail)");
    a11y.exempt(/^\/outbox\/messages\/[^/]+\.html$/);

    await page.goto(`/outbox/messages/${mail.id}.html`);
    await expect(page).toHaveTitle(mail.subject);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    // The button and the written-out link below it lead to the link of the text part.
    const written = page.locator(`p > a[href="${link}"]`);
    await expect(written).toHaveText(link);
    await expect(page.locator(`td > a[href="${link}"]`)).toBeVisible();

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page).toHaveScreenshot(`opt-in-${language}-${width}.png`, {
        fullPage: true,
        mask: [written],
      });
    }
  });
}
