import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { keepTypedBeforeHydration, typedValuesInFrame } from "./typed-in-frame.js";

// The whole path (a real registration frame, hydrated or drawn afresh, into the form's
// state) is proven in src/prerender/typed-before-hydration.test.tsx (the hydrated frame).

const VALUES = { givenName: "", title: "", withCto: "0", terms: false };

/** A frame's form as the server sent it, changed by the visitor as `change` does. */
const frame = (change: (form: HTMLFormElement) => void) => {
  document.body.innerHTML = `<div id="frame"><form>
    <input id="field-givenName" name="givenName" value="">
    <select name="title"><option value="" selected>–</option><option value="DR">Dr.</option></select>
    <input type="radio" name="withCto" value="1"><input type="radio" name="withCto" value="0" checked>
    <input type="checkbox" id="field-terms" name="terms">
    <input name="city" value="">
  </form></div>`;
  const form = document.querySelector("form") as HTMLFormElement;
  change(form);
  return form;
};
const field = (form: HTMLFormElement, name: string) =>
  form.elements.namedItem(name) as HTMLInputElement;

afterEach(() => {
  document.body.innerHTML = "";
  window.history.replaceState(null, "", "/");
});

describe("typedValuesInFrame", () => {
  it("answers the visitor's text, choice, radio and tick as the form's values", () => {
    const form = frame((f) => {
      field(f, "givenName").value = "Ada";
      (f.elements.namedItem("title") as HTMLSelectElement).value = "DR";
      (f.querySelector('[value="1"]') as HTMLInputElement).checked = true;
      field(f, "terms").checked = true;
    });
    expect(typedValuesInFrame(form, VALUES)).toEqual({
      givenName: "Ada",
      title: "DR",
      withCto: "1",
      terms: true,
    });
  });

  it("leaves out a name the form does not have, a value of another type and a disabled field", () => {
    const form = frame((f) => {
      field(f, "city").value = "Köln";
      field(f, "terms").checked = true;
      field(f, "givenName").value = "Ada";
      field(f, "givenName").disabled = true;
    });
    expect(typedValuesInFrame(form, { ...VALUES, terms: "no" })).toEqual({});
  });

  it("finds nothing after a render without a frame: every field shows what React rendered", () => {
    const { container } = render(
      <form>
        <input name="givenName" value="Ada" onChange={() => undefined} />
        <input type="checkbox" name="terms" checked onChange={() => undefined} />
        <input type="radio" name="withCto" value="1" checked onChange={() => undefined} />
        <input type="radio" name="withCto" value="0" checked={false} onChange={() => undefined} />
        <select name="title" value="DR" onChange={() => undefined}>
          <option value="">–</option>
          <option value="DR">Dr.</option>
        </select>
      </form>,
    );
    expect(typedValuesInFrame(container, VALUES)).toEqual({});
  });
});

describe("the note of what was typed, for fields React draws afresh", () => {
  /** A field React rendered afresh (empty) in place of the frame's. */
  const freshForm = () =>
    render(
      <form>
        <input id="field-givenName" name="givenName" value="" onChange={() => undefined} />
        <input
          type="checkbox"
          id="field-terms"
          name="terms"
          checked={false}
          onChange={() => undefined}
        />
      </form>,
    ).container;

  const noteTyped = () => {
    const form = frame((f) => {
      field(f, "givenName").value = "Ada";
      field(f, "terms").checked = true;
    });
    keepTypedBeforeHydration(form.parentElement as HTMLElement);
    document.body.innerHTML = "";
  };

  it("gives new, empty fields the visitor's input once", () => {
    window.history.replaceState(null, "", "/registrieren");
    noteTyped();
    expect(typedValuesInFrame(freshForm(), VALUES)).toEqual({ givenName: "Ada", terms: true });
    expect(typedValuesInFrame(freshForm(), VALUES)).toEqual({});
  });

  it("counts only on the page it was taken on", () => {
    window.history.replaceState(null, "", "/registrieren");
    noteTyped();
    window.history.replaceState(null, "", "/passwort-vergessen");
    expect(typedValuesInFrame(freshForm(), VALUES)).toEqual({});
  });
});
