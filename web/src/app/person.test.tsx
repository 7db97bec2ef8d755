import { act, screen } from "@testing-library/react";
import { Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test-support/render.js";
import { usePerson } from "./person.js";

/** Suspends (until `ready` resolves) once the person store has stopped loading. */
function LoadedPart({ ready }: { readonly ready: Promise<string> }) {
  const { loading, person } = usePerson();
  if (loading) return <p>loading</p>;
  return (
    <p>
      {use(ready)} {person ? "person" : "no person"}
    </p>
  );
}

describe("PersonProvider", () => {
  it("renders a visitor's answer as a transition: a part that suspends on it keeps showing the state before", async () => {
    let loaded: (value: string) => void = () => undefined;
    const ready = new Promise<string>((resolve) => {
      loaded = resolve;
    });
    const { answerCheck, api } = await renderApp(
      <Suspense fallback={<p>fallback</p>}>
        <LoadedPart ready={ready} />
      </Suspense>,
      { checking: {}, claims: null },
    );
    expect(screen.getByText("loading")).toBeTruthy();

    await answerCheck();
    // An urgent update would have put the fallback in place of the shown part.
    expect(screen.getByText("loading")).toBeTruthy();
    expect(screen.queryByText("fallback")).toBeNull();

    await act(async () => loaded("answered"));
    expect(await screen.findByText("answered no person")).toBeTruthy();
    // A visitor has no person to load.
    expect(api.calls.filter((c) => c.method === "getMe")).toHaveLength(0);
  });
});
