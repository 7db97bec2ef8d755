import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { keepTypedBeforeHydration } from "./frame-input-note.js";
import { replayTypedBeforeHydration } from "./typed-before-hydration.js";

// The replay's other half (a frame typed into before hydration) is proven with the real
// registration frame in src/prerender/typed-before-hydration.test.tsx.
describe("replayTypedBeforeHydration after a render without a frame", () => {
  it("finds nothing to replay: every field shows what React rendered", () => {
    const { container } = render(
      <form>
        <input value="Ada" onChange={() => undefined} />
        <input type="checkbox" checked onChange={() => undefined} />
        <input type="radio" name="r" value="1" checked onChange={() => undefined} />
        <input type="radio" name="r" value="0" checked={false} onChange={() => undefined} />
        <select value="fr_LU" onChange={() => undefined}>
          <option value="de_DE">Deutsch</option>
          <option value="fr_LU">Français (Luxembourg)</option>
        </select>
        <textarea value="Notiz" onChange={() => undefined} />
      </form>,
    );
    expect(replayTypedBeforeHydration(container)).toBe(0);
  });
});

describe("the note of what was typed, for fields React draws afresh", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    window.history.replaceState(null, "", "/");
  });

  /** The frame as the server sent it: a form field with the visitor's text in it. */
  const frameWith = (typed: string) => {
    document.body.innerHTML =
      '<div id="frame"><form><input id="field-givenName" value=""></form></div>';
    const input = document.querySelector("input") as HTMLInputElement;
    input.value = typed;
    keepTypedBeforeHydration(document.getElementById("frame") as HTMLElement);
  };

  /** A field React rendered afresh (empty) that reports what reaches its state. */
  const freshField = (seen: string[]) =>
    render(<input id="field-givenName" value="" onChange={(e) => seen.push(e.target.value)} />)
      .container;

  it("gives a new, empty field the visitor's text once", () => {
    window.history.replaceState(null, "", "/registrieren");
    frameWith("Ada");
    const seen: string[] = [];
    expect(replayTypedBeforeHydration(freshField(seen))).toBe(1);
    expect(seen).toEqual(["Ada"]);
    expect(replayTypedBeforeHydration(freshField(seen))).toBe(0);
    expect(seen).toEqual(["Ada"]);
  });

  it("counts only on the page it was taken on", () => {
    window.history.replaceState(null, "", "/registrieren");
    frameWith("Ada");
    window.history.replaceState(null, "", "/passwort-vergessen");
    const seen: string[] = [];
    expect(replayTypedBeforeHydration(freshField(seen))).toBe(0);
    expect(seen).toEqual([]);
  });
});
