import { act, screen } from "@testing-library/react";
import { Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test-support/render.js";
import { usePerson } from "./person.js";
import { useSession } from "./session.js";

/** What a part shows: still the state before the answer, or the answer's label. */
type View = () => { readonly before: boolean; readonly label: string };

const useSessionView: View = () => {
  const { checking, authenticated } = useSession();
  return { before: checking, label: authenticated ? "signed in" : "visitor" };
};

const usePersonView: View = () => {
  const { loading, person } = usePerson();
  return { before: loading, label: person ? "person" : "no person" };
};

/** Suspends (until `ready` resolves) once its view has left the state before the answer. */
function Part({ useView, ready }: { readonly useView: View; readonly ready: Promise<string> }) {
  const { before, label } = useView();
  if (before) return <p>before</p>;
  return (
    <p>
      {use(ready)} {label}
    </p>
  );
}

// The check's answer mostly comes while a prerendered frame is still being hydrated. An
// urgent update there renders every part below the provider again in one task; as a
// transition it is sliced. What tells them apart in a test: an urgent update replaces a
// part that suspends on it with its fallback, a transition keeps the part as it was.
describe.each<[string, View, string]>([
  ["SessionProvider", useSessionView, "answered visitor"],
  ["PersonProvider", usePersonView, "answered no person"],
])("%s renders a visitor's answer as a transition", (_, useView, after) => {
  it("a part that suspends on the answer keeps showing the state before it", async () => {
    let loaded: (value: string) => void = () => undefined;
    const ready = new Promise<string>((resolve) => {
      loaded = resolve;
    });
    const { answerCheck, api } = await renderApp(
      <Suspense fallback={<p>fallback</p>}>
        <Part useView={useView} ready={ready} />
      </Suspense>,
      { checking: {}, claims: null },
    );
    expect(screen.getByText("before")).toBeTruthy();

    await answerCheck();
    expect(screen.getByText("before")).toBeTruthy();
    expect(screen.queryByText("fallback")).toBeNull();

    await act(async () => loaded("answered"));
    expect(await screen.findByText(after)).toBeTruthy();
    // A visitor has no person to load.
    expect(api.calls.filter((c) => c.method === "getMe")).toHaveLength(0);
  });
});
