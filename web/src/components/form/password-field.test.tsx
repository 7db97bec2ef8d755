import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { renderApp } from "../../test-support/render.js";
import { AppForm } from "./app-form.js";
import { PasswordField } from "./password-field.js";

// Issue 15: the native <meter> painted its own colours (a password without a capital
// letter green, a refused 9-character one yellow); the bar now shows core's verdict.

const Form = ({ givenName = "", showHints = false }) => (
  <AppForm<{ pw: string; givenName: string }>
    dataQa="meter-form"
    aria-label="meter"
    initialValues={{ pw: "", givenName }}
    validate={() => ({})}
    onSubmit={() => undefined}
  >
    <PasswordField
      name="pw"
      label="Kennwort"
      dataQa="pw"
      autoComplete="new-password"
      showMeter
      showHints={showHints}
    />
  </AppForm>
);

describe("PasswordField strength bar", () => {
  it.each([
    { password: "sommer2024!xyz", colour: "red", word: "schwach", why: "no capital letter" },
    { password: "Sommer24!", colour: "red", word: "schwach", why: "9 characters" },
    { password: "Abcdefghi1", colour: "yellow", word: "mittel", why: "passes, score 45" },
    { password: "Sommer2024!x", colour: "green", word: "stark", why: "passes, score 100" },
  ])("$password ($why) is $colour and labelled $word", async ({ password, colour, word }) => {
    const user = userEvent.setup();
    const { container } = await renderApp(<Form />);
    await user.type(await screen.findByLabelText(/^Kennwort/), password);
    const bar = screen.getByRole("meter");
    expect(bar).toHaveAttribute("data-colour", colour);
    expect(bar).toHaveClass(`strength-bar--${colour}`);
    expect(bar).toHaveAttribute("aria-valuetext", `Passwortstärke: ${word}`);
    expect(container.querySelector("meter")).toBeNull();
    expect(screen.getByText(`Passwortstärke: ${word}`)).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});

// Issue 29: the meter said "strong" for passwords the server refuses (the browser had 1 000
// of the blocklist's entries and no name), and "weak" without a reason for "@". It runs the
// server's check now, with the whole list (loaded after first paint) and the form's names.
describe("PasswordField: red whenever the server refuses, with the reason", () => {
  it.each([
    { password: "Passwort12", reason: "Ein sehr häufiges Passwort" },
    { password: "Sommer2024!", reason: "Ein sehr häufiges Passwort" },
    { password: "Passwort123!", reason: "Ein sehr häufiges Passwort" },
    { password: "kX7#mQ2@vL9!pR4z", reason: "Das Zeichen @ ist nicht erlaubt" },
    { password: "Guter Satz 2024", reason: "Leerzeichen sind nicht erlaubt" },
    { password: "Erika-ist-toll-1", givenName: "Erika", reason: "Enthält Ihren Namen" },
  ])("$password: red, '$reason'", async ({ password, givenName, reason }) => {
    const user = userEvent.setup();
    const { container } = await renderApp(<Form givenName={givenName} />);
    const input = await screen.findByLabelText(/^Kennwort/);
    await user.type(input, password);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    const bar = screen.getByRole("meter");
    expect(bar).toHaveAttribute("data-colour", "red");
    expect(bar).toHaveAttribute("aria-valuetext", "Passwortstärke: schwach");
    // Read out with the field, after the bar.
    expect(input.getAttribute("aria-describedby")).toContain("field-pw-refusals");
    await expectNoAxeViolations(container);
  });

  it("an uncommon password without the name is green and names nothing", async () => {
    const user = userEvent.setup();
    await renderApp(<Form givenName="Erika" />);
    await user.type(await screen.findByLabelText(/^Kennwort/), "Sommer2024!x");
    expect(screen.getByRole("meter")).toHaveAttribute("data-colour", "green");
    expect(document.querySelector('[data-qa="pw-refusals"]')).toBeNull();
  });
});

describe("PasswordField hints: 'a digit' or 'a special character', one rule", () => {
  it.each([
    { password: "Qwzxkmnpvt7", digit: true, special: false },
    { password: "Qwzxkmnpvt!", digit: false, special: true },
  ])("$password meets the rule: no open circle", async ({ password, digit, special }) => {
    const user = userEvent.setup();
    const { container } = await renderApp(<Form showHints />);
    await user.type(await screen.findByLabelText(/^Kennwort/), password);
    const line = container.querySelector('[data-qa="pw-hint-digitOrSpecial"]');
    expect(line).toHaveAttribute("data-met", "true");
    expect(line?.textContent).toContain("✓");
    expect(line?.textContent).toContain("Eine Ziffer oder ein Sonderzeichen");
    expect(line?.querySelector('[data-qa="pw-hint-digit"]')).toHaveAttribute(
      "data-met",
      `${digit}`,
    );
    expect(line?.querySelector('[data-qa="pw-hint-special"]')).toHaveAttribute(
      "data-met",
      `${special}`,
    );
    const circles = [...container.querySelectorAll('[data-qa="pw-hints"] li')].filter((li) =>
      li.textContent?.startsWith("○"),
    );
    expect(circles.map((li) => li.getAttribute("data-met"))).not.toContain("true");
    await expectNoAxeViolations(container);
  });
});
