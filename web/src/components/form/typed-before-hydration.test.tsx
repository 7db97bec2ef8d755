import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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
