import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test-support/render.js";
import { AppForm } from "./app-form.js";
import { Checkbox } from "./checkbox.js";
import { SubmitButton } from "./submit-button.js";
import { TextField } from "./text-field.js";

// Two rules of the form kit: a click on submit is never lost to the layout a blur changes,
// and a form that cannot be sent says why.

interface Values {
  city: string;
  street: string;
  terms: boolean;
}

const required = (value: unknown, field: string) =>
  value === "" || value === false
    ? { key: "Validation.required", params: { field: `Fields.${field}` } }
    : undefined;

const Form = (props: { onSubmit: (v: Values) => void; disableUntilValid?: boolean }) => (
  <AppForm<Values>
    dataQa="kit-form"
    aria-label="kit"
    initialValues={{ city: "", street: "", terms: false }}
    validate={(v) => ({
      city: required(v.city, "city"),
      street: required(v.street, "department"),
      terms: required(v.terms, "termsOfUse"),
    })}
    onSubmit={async (v) => props.onSubmit(v)}
  >
    <TextField name="city" label="Ort" dataQa="city" required />
    <TextField name="street" label="Abteilung" dataQa="street" required />
    <Checkbox name="terms" label="AGB" dataQa="terms" />
    <SubmitButton dataQa="kit-submit" disableUntilValid={props.disableUntilValid ?? false}>
      Senden
    </SubmitButton>
  </AppForm>
);

const qa = (name: string) => document.querySelector<HTMLElement>(`[data-qa="${name}"]`);

describe("form kit: a click on submit is never lost to layout", () => {
  it("keeps the error lines' layout while the press that blurred a field is held", async () => {
    const user = userEvent.setup();
    await renderApp(<Form onSubmit={() => undefined} />);
    const city = screen.getByLabelText(/^Ort/);
    // A field left empty: its blur adds the "required" line. (A corrected field's line
    // already went while it was typed in, see below.)
    await user.click(city);
    const submit = qa("kit-submit") as HTMLElement;
    // The press on the button blurs the field: its new line must not appear (and move the
    // button) before the release.
    fireEvent.pointerDown(submit);
    act(() => city.blur());
    // The blur's validation has run (the control says so at once) and the line still waits.
    await waitFor(() => expect(city).toHaveAttribute("aria-invalid", "true"));
    expect(qa("city-error")).toBeNull();
    fireEvent.pointerUp(window);
    await waitFor(() => expect(qa("city-error")).not.toBeNull());
  });
});

describe("form kit: a message goes as soon as the value is valid", () => {
  it("withdraws 'required' while the field is being filled, before it loses focus", async () => {
    const user = userEvent.setup();
    await renderApp(<Form onSubmit={() => undefined} />);
    const city = screen.getByLabelText(/^Ort/);
    await user.click(city);
    await user.tab();
    expect(qa("city-error")).not.toBeNull();
    await user.click(city);
    await user.type(city, "B");
    // Still in the field: no blur has validated it, the message must be gone anyway.
    expect(city).toHaveFocus();
    expect(qa("city-error")).toBeNull();
    expect(city).not.toHaveAttribute("aria-invalid");
    // Emptied again: the message it had is true again.
    await user.clear(city);
    expect(qa("city-error")).not.toBeNull();
  });
});

describe("form kit: a form that cannot be sent says why", () => {
  it("submit stays enabled, shows every unmet field's message and focuses the first", async () => {
    const user = userEvent.setup();
    const sent: Values[] = [];
    await renderApp(<Form onSubmit={(v) => sent.push(v)} />);
    await user.type(screen.getByLabelText(/^Ort/), "Berlin");
    const submit = qa("kit-submit") as HTMLElement;
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText(/^Abteilung/, { selector: "p" })).toBeVisible();
    expect(qa("terms-error")).not.toBeNull();
    expect(qa("city-error")).toBeNull();
    await waitFor(() => expect(screen.getByLabelText(/^Abteilung/)).toHaveFocus());
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText(/^Abteilung/), "Hauptstraße 1");
    await user.click(screen.getByLabelText(/AGB/));
    await user.click(submit);
    await waitFor(() =>
      expect(sent).toEqual([{ city: "Berlin", street: "Hauptstraße 1", terms: true }]),
    );
  });

  it("with disableUntilValid (the profile's rule) the button waits for valid values", async () => {
    const user = userEvent.setup();
    await renderApp(<Form onSubmit={() => undefined} disableUntilValid />);
    await user.type(screen.getByLabelText(/^Ort/), "Berlin");
    expect(qa("kit-submit")).toBeDisabled();
  });
});
