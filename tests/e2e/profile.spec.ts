import type { Page } from "@playwright/test";
import { routePath } from "@portal/core";
import type { A11yWatch } from "./support/axe.js";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { enter, qa } from "./support/qa.js";
import { signIn } from "./support/sign-in.js";

// Spec section 4, "Patch rules (operations add, replace, remove)", through the profile form:
// each step changes fields, checks the JSON Patch the browser sends, then reads the values
// back from the server after a reload.

type Field =
  | "salutation"
  | "title"
  | "given-name"
  | "sur-name"
  | "birthday-day"
  | "birthday-month"
  | "birthday-year"
  | "phone-country"
  | "phone-area"
  | "phone-subscriber"
  | "phone-extension"
  | "position"
  | "department"
  | "preferred-language";

const SELECTS: ReadonlySet<Field> = new Set([
  "salutation",
  "title",
  "birthday-day",
  "birthday-month",
  "birthday-year",
  "phone-country",
  "preferred-language",
]);

interface Step {
  readonly rule: string;
  readonly set: Partial<Record<Field, string>>;
  readonly consentMarketing?: boolean;
  /** `op path` of every operation sent, in any order; values checked where the spec names them. */
  readonly ops: readonly string[];
  readonly values?: Readonly<Record<string, unknown>>;
}

const STEPS: readonly Step[] = [
  {
    rule: "no stored value: add (text fields, date of birth, telephone parts); consent checked means GIVEN",
    set: {
      title: "DR",
      "birthday-day": "01",
      "birthday-month": "02",
      "birthday-year": "1980",
      "phone-country": "DE",
      "phone-area": "30",
      "phone-subscriber": "1234567",
      position: "Einkauf",
      department: "Buchhaltung",
    },
    consentMarketing: true,
    ops: [
      "add /title",
      "add /dateOfBirth",
      "add /telephoneNumber*",
      "add /position",
      "add /department",
      "replace /consentMarketing",
    ],
    values: { "/title": "DR", "/dateOfBirth": "1980-02-01", "/consentMarketing": "GIVEN" },
  },
  {
    rule: "set to another value: replace; only the changed telephone part",
    set: {
      salutation: "MR",
      title: "PROF",
      "given-name": "Erik",
      "birthday-year": "1981",
      "phone-subscriber": "7654321",
      position: "Vertrieb",
    },
    ops: [
      "replace /salutation",
      "replace /title",
      "replace /givenName",
      "replace /dateOfBirth",
      "replace /telephoneNumber/subscriberNumber",
      "replace /position",
    ],
    values: {
      "/salutation": "MR",
      "/title": "PROF",
      "/givenName": "Erik",
      "/dateOfBirth": "1981-02-01",
    },
  },
  {
    rule: "cleared: remove (salutation UNKNOWN, title, the whole date, every telephone part); unchecked consent is REFUSED",
    set: {
      salutation: "UNKNOWN",
      title: "",
      "birthday-day": "",
      "birthday-month": "",
      "birthday-year": "",
      "phone-country": "",
      "phone-area": "",
      "phone-subscriber": "",
      department: "",
    },
    consentMarketing: false,
    ops: [
      "remove /salutation",
      "remove /title",
      "remove /dateOfBirth",
      "remove /telephoneNumber",
      "remove /department",
      "replace /consentMarketing",
    ],
    values: { "/consentMarketing": "REFUSED" },
  },
];

const field = (page: Page, f: Field) => qa(qa(page, "profile-form"), `profile-${f}`);

const fill = async (page: Page, f: Field, value: string) => {
  if (SELECTS.has(f)) await field(page, f).selectOption(value);
  else await enter(field(page, f), value);
};

const openProfile = async (page: Page, a11y: A11yWatch) => {
  await page.goto(routePath("profile"));
  await expect(qa(page, "profile-form")).toBeVisible();
  await a11y.scan(page, "(profile)");
};

/** "op path" of an operation; "op /telephoneNumber*" matches the number or any of its parts. */
const matches = (pattern: string, sent: string) =>
  pattern.endsWith("*") ? sent.startsWith(pattern.slice(0, -1)) : sent === pattern;

test("every patch rule of section 4 through the profile form, read back after reload", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  // A long journey (several saves, reloads or sign-ins): three times the usual time.
  test.slow();
  const account = await confirmedAccount(portal, outbox, "profile");
  await signIn(page, a11y, account);
  await expect(qa(page, "profile-form")).toBeVisible();
  await a11y.scan(page, "(profile)");
  // Unchanged form: nothing to save (spec: "disabled unless the form is valid and changed").
  await expect(qa(page, "profile-submit")).toBeDisabled();

  for (const step of STEPS) {
    await test.step(step.rule, async () => {
      for (const [f, v] of Object.entries(step.set)) await fill(page, f as Field, v);
      if (step.consentMarketing !== undefined) {
        await qa(page, "profile-consent-marketing").setChecked(step.consentMarketing);
      }
      const patch = page.waitForRequest(
        (r) => r.method() === "PATCH" && r.url().endsWith("/persons/me"),
      );
      await qa(page, "profile-submit").click();
      const request = await patch;
      expect(request.headers()["content-type"]).toContain("application/json-patch+json");
      const ops = request.postDataJSON() as Array<{ op: string; path: string; value?: unknown }>;
      const sent = ops.map((o) => `${o.op} ${o.path}`);
      for (const expected of step.ops) {
        expect(
          sent.some((s) => matches(expected, s)),
          `${expected} in ${sent.join(", ")}`,
        ).toBe(true);
      }
      expect(
        sent.every((s) => step.ops.some((e) => matches(e, s))),
        `only the changed fields: ${sent.join(", ")}`,
      ).toBe(true);
      for (const [path, value] of Object.entries(step.values ?? {})) {
        expect(ops.find((o) => o.path === path)?.value).toEqual(value);
      }
      await expect(page).toHaveURL((u) => u.pathname === routePath("patch-person-success"));
      await a11y.scan(page, "(saved)");

      await openProfile(page, a11y);
      for (const [f, v] of Object.entries(step.set)) {
        // A removed salutation is shown as not set.
        const shown = f === "salutation" && v === "UNKNOWN" ? /^(UNKNOWN)?$/ : v;
        await expect(field(page, f as Field), `${f} after reload`).toHaveValue(shown);
      }
      if (step.consentMarketing !== undefined) {
        const box = qa(page, "profile-consent-marketing");
        if (step.consentMarketing) await expect(box).toBeChecked();
        else await expect(box).not.toBeChecked();
        // The change date in parentheses as DD.MM.YYYY.
        await expect(qa(page, "profile-consents")).toContainText(/\(\d{2}\.\d{2}\.\d{4}\)/);
      }
    });
  }
});

test("a rejected save opens the failure dialog with its correlation id", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = await confirmedAccount(portal, outbox, "profile-error");
  await signIn(page, a11y, account);
  await expect(qa(page, "profile-form")).toBeVisible();
  await a11y.scan(page, "(profile)");
  // The server refuses the save (a fault between browser and server): the dialog shows the
  // correlation id the server's answer carried.
  await page.route("**/api/user-management/persons/me", async (route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    await route.fulfill({
      status: 500,
      headers: { "content-type": "application/json", correlationid: "e2e-correlation-4711" },
      body: JSON.stringify([{ errorCode: "BACKEND_ERROR" }]),
    });
  });
  await enter(qa(page, "profile-position"), "Einkauf");
  await qa(page, "profile-submit").click();
  const dialog = qa(page, "patch-person-error-dialog");
  await expect(dialog).toBeVisible();
  await expect(qa(dialog, "failure-dialog-correlation-id")).toContainText("e2e-correlation-4711");
  await a11y.scan(page, "(failure dialog)");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("a phone number or birthdate filled only in part with the mouse says why saving is off (QA #1)", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = await confirmedAccount(portal, outbox, "profile-groups");
  await signIn(page, a11y, account);
  await expect(qa(page, "profile-form")).toBeVisible();
  await a11y.scan(page, "(profile)");
  // A country code picked, then the department clicked and typed into: the number says it
  // is incomplete, not only once someone happens to focus its empty parts; once for the
  // whole number (QA2 #9: each empty part printed it, side by side on a phone), and the
  // empty parts are marked invalid and point to it.
  await qa(page, "profile-phone-country").selectOption("AT");
  await qa(page, "profile-department").click();
  await qa(page, "profile-department").pressSequentially("Einkauf");
  const phone = qa(page, "profile-phone-error");
  await expect(phone).toHaveText("Bitte geben Sie die Telefonnummer vollständig an.");
  for (const part of ["area", "subscriber"]) {
    await expect(qa(page, `profile-phone-${part}`)).toHaveAttribute("aria-invalid", "true");
    await expect(qa(page, `profile-phone-${part}`)).toHaveAttribute(
      "aria-describedby",
      "profile-phone-error",
    );
    await expect(qa(page, `profile-phone-${part}-error`)).toHaveCount(0);
  }
  // Only the day of the birthdate, then the position clicked.
  await qa(page, "profile-birthday-day").selectOption("15");
  await qa(page, "profile-position").click();
  await expect(qa(page, "profile-birthdate-error")).toHaveText(
    "Bitte geben Sie ein vollständiges, gültiges Geburtsdatum an.",
  );
  for (const part of ["month", "year"]) {
    await expect(qa(page, `profile-birthday-${part}`)).toHaveAttribute("aria-invalid", "true");
    await expect(qa(page, `profile-birthday-${part}-error`)).toHaveCount(0);
  }
  await expect(qa(page, "profile-submit")).toBeDisabled();
  // On a phone the line spans the group, between the legend and the parts.
  await page.setViewportSize({ width: 390, height: 844 });
  const [line, area] = [
    await phone.boundingBox(),
    await qa(page, "profile-phone-area").boundingBox(),
  ];
  const group = await qa(page, "profile-phone").boundingBox();
  expect(line!.width).toBeGreaterThan(group!.width * 0.9);
  expect(line!.y).toBeLessThan(area!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await a11y.scan(page, "(profile, incomplete phone number and birthdate, 390 px)");
  await page.setViewportSize({ width: 1280, height: 900 });
  await a11y.scan(page, "(profile, incomplete phone number and birthdate)");
});

test("Back with unsaved changes asks first (issue 29): stay keeps the edit, leave goes back", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = await confirmedAccount(portal, outbox, "profile-back");
  await signIn(page, a11y, account);
  await expect(qa(page, "profile-form")).toBeVisible();
  // Through the menu to the company page and back to the profile: Back leads to the company.
  await qa(page, "main-menu-company").click();
  await expect(page).toHaveURL(new RegExp(`${routePath("company")}$`));
  await expect(qa(page, "company-form")).toBeVisible();
  await a11y.scan(page, "(company)");
  await qa(page, "main-menu-profile").click();
  await expect(qa(page, "profile-form")).toBeVisible();
  await enter(qa(page, "profile-position"), "Einkauf");
  await page.evaluate(() => window.history.back());
  const dialog = qa(page, "profile-unsaved-changes-history");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Ohne Speichern verlassen?");
  await expect(page).toHaveURL(new RegExp(`${routePath("profile")}$`));
  await a11y.scan(page, "(unsaved changes, Back)");
  await qa(page, "profile-unsaved-changes-history-cancel").click();
  await expect(dialog).toBeHidden();
  await expect(qa(page, "profile-position")).toHaveValue("Einkauf");
  await expect(page).toHaveURL(new RegExp(`${routePath("profile")}$`));

  await page.evaluate(() => window.history.back());
  await qa(page, "profile-unsaved-changes-history-confirm").click();
  await expect(page).toHaveURL(new RegExp(`${routePath("company")}$`));
  await expect(qa(page, "profile-form")).toBeHidden();
});
