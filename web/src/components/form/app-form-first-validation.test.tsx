import { waitFor } from "@testing-library/react";
import { useField, useFormikContext } from "formik";
import { startTransition } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { AppForm } from "./app-form.js";

// A page drawn as a transition (the profile once the person has loaded) runs its effects
// after the browser had a turn, so a person can change a field before them. The form's
// first validation must then not answer for the values it was drawn with: its messages
// would take the change's away until the next blur (the profile's phone group once stayed
// silent this way on a busy machine).

interface Values {
  country: string;
  area: string;
}

const validate = (v: Values) => ({
  country: v.country === "" ? { key: "Validation.required" } : undefined,
  area: v.country !== "" && v.area === "" ? { key: "Validation.phone" } : undefined,
});

function Country() {
  const [field, , helpers] = useField<string>("country");
  return (
    <select
      aria-label="country"
      value={field.value}
      onChange={(e) => void helpers.setValue(e.target.value, true)}
    >
      <option value="">–</option>
      <option value="CH">CH</option>
    </select>
  );
}

/** The form's errors once no validation runs. */
function Errors() {
  const { errors, isValidating } = useFormikContext<Values>();
  return <output data-qa="errors">{isValidating ? "" : Object.keys(errors).join(",")}</output>;
}

const errorsShown = () => document.querySelector('[data-qa="errors"]')?.textContent;

let root: Root | undefined;
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
afterEach(() => {
  root?.unmount();
  root = undefined;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});

describe("form kit: the first validation answers for the values the form holds", () => {
  it("a change made before the form's first effects ran keeps its messages", async () => {
    // React's own scheduling, as in the browser (no act() flushing effects at once).
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement("div"));
    // The change lands in the same task as the commit that drew the select: before the
    // scheduler's next task runs the commit's effects.
    const changed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        const select = container.querySelector("select");
        if (!select) return;
        observer.disconnect();
        select.value = "CH";
        select.dispatchEvent(new Event("change", { bubbles: true }));
        resolve();
      });
      observer.observe(container, { childList: true, subtree: true });
    });
    root = createRoot(container);
    startTransition(() =>
      root?.render(
        <AppForm<Values>
          dataQa="first-validation"
          initialValues={{ country: "", area: "" }}
          validate={validate}
          onSubmit={async () => undefined}
        >
          <Country />
          <Errors />
        </AppForm>,
      ),
    );
    await changed;
    await waitFor(() => expect(errorsShown()).toBe("area"));
    // Still so once every effect and validation has had its turn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errorsShown()).toBe("area");
  });
});
