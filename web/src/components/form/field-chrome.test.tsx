import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { renderApp } from "../../test-support/render.js";
import { AppForm } from "./app-form.js";
import { PasswordField } from "./password-field.js";
import { SelectField } from "./select-field.js";
import { SubmitButton } from "./submit-button.js";
import { TextField } from "./text-field.js";

// The frame the text, select and password fields share: label, required star, hint, error
// line, and the control's aria-describedby / aria-invalid wiring.

interface Values {
  city: string;
  country: string;
  secret: string;
}

const required = (value: string, field: string) =>
  value === "" ? { key: "Validation.required", params: { field: `Fields.${field}` } } : undefined;

const Form = ({ onSubmit = () => new Promise<void>(() => undefined) }) => (
  <AppForm<Values>
    dataQa="frame-form"
    aria-label="frame"
    initialValues={{ city: "", country: "", secret: "" }}
    validate={(v) => ({
      city: required(v.city, "city"),
      country: required(v.country, "countryDialingCode"),
      secret: required(v.secret, "password"),
    })}
    onSubmit={onSubmit}
  >
    <TextField
      name="city"
      label="Ort"
      dataQa="city"
      hint="Wie im Ausweis"
      required
      className="wide"
    />
    <SelectField
      name="country"
      label="Land"
      dataQa="country"
      placeholder="Bitte wählen"
      options={[{ value: "DE", label: "Deutschland" }]}
      required
    />
    <PasswordField
      name="secret"
      label="Kennwort"
      dataQa="secret"
      autoComplete="new-password"
      showHints
      required
    />
    <SubmitButton dataQa="frame-submit">Senden</SubmitButton>
  </AppForm>
);

describe("field frame (text, select, password)", () => {
  it("labels each control, hides the required star from screen readers and links the hint", async () => {
    const { container } = await renderApp(<Form />);
    const city = screen.getByLabelText(/^Ort/);
    expect(city).toHaveAttribute("id", "field-city");
    expect(city).toBeRequired();
    expect(city).toHaveAttribute("aria-describedby", "field-city-hint");
    expect(city).toHaveAccessibleDescription("Wie im Ausweis");
    expect(city).not.toHaveAttribute("aria-invalid");
    expect(city.closest(".field")).toHaveClass("field", "wide");
    expect(container.querySelector('label[for="field-city"] span')).toHaveAttribute(
      "aria-hidden",
      "true",
    );
    expect(screen.getByLabelText(/^Land/)).not.toHaveAttribute("aria-describedby");
    // The password's requirement list describes it from the start.
    expect(screen.getByLabelText(/^Kennwort/)).toHaveAttribute(
      "aria-describedby",
      "field-secret-hints",
    );
    await expectNoAxeViolations(container);
  });

  it("after blur shows the error under the field and links it after the hint", async () => {
    const user = userEvent.setup();
    const { container } = await renderApp(<Form />);
    await user.click(screen.getByLabelText(/^Ort/));
    await user.tab();
    const city = screen.getByLabelText(/^Ort/);
    const error = await screen.findByText("Ort ist ein Pflichtfeld.");
    expect(error).toHaveAttribute("id", "field-city-error");
    expect(error).toHaveAttribute("data-qa", "city-error");
    expect(city).toHaveAttribute("aria-invalid", "true");
    expect(city).toHaveAttribute("aria-describedby", "field-city-hint field-city-error");

    await user.selectOptions(screen.getByLabelText(/^Land/), "");
    await user.click(screen.getByLabelText(/^Kennwort/));
    await user.tab();
    expect(screen.getByLabelText(/^Land/)).toHaveAttribute(
      "aria-describedby",
      "field-country-error",
    );
    expect(screen.getByLabelText(/^Kennwort/)).toHaveAttribute(
      "aria-describedby",
      "field-secret-hints field-secret-error",
    );
    await expectNoAxeViolations(container);
  });

  it("disables every control while the form submits", async () => {
    const user = userEvent.setup();
    await renderApp(<Form />);
    await user.type(screen.getByLabelText(/^Ort/), "Berlin");
    await user.selectOptions(screen.getByLabelText(/^Land/), "DE");
    await user.type(screen.getByLabelText(/^Kennwort/), "x");
    await user.click(screen.getByRole("button", { name: "Senden" }));
    for (const label of [/^Ort/, /^Land/, /^Kennwort/])
      expect(screen.getByLabelText(label)).toBeDisabled();
  });
});
