import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { renderApp } from "../../test-support/render.js";
import { AppForm } from "./app-form.js";
import { PasswordField } from "./password-field.js";

// Issue 15: the native <meter> painted its own colours (a password without a capital
// letter green, a refused 9-character one yellow); the bar now shows core's verdict.

const Form = () => (
  <AppForm<{ pw: string }>
    dataQa="meter-form"
    aria-label="meter"
    initialValues={{ pw: "" }}
    validate={() => ({})}
    onSubmit={() => undefined}
  >
    <PasswordField name="pw" label="Kennwort" dataQa="pw" autoComplete="new-password" showMeter />
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
