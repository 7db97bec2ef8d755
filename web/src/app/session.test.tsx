import { act, screen } from "@testing-library/react";
import { Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test-support/render.js";
import { useSession } from "./session.js";

/** A part that suspends (until `ready` resolves) once the check has answered. */
function AnsweredPart({ ready }: { readonly ready: Promise<string> }) {
  const { checking, authenticated } = useSession();
  if (checking) return <p>checking</p>;
  return (
    <p>
      {use(ready)} {authenticated ? "signed in" : "visitor"}
    </p>
  );
}

/** The session as one word. */
function Shown() {
  const { checking, authenticated } = useSession();
  return <p>{checking ? "checking" : authenticated ? "signed in" : "visitor"}</p>;
}

describe("SessionProvider", () => {
  it("renders the check's answer as a transition: a part that suspends on it keeps showing the state before", async () => {
    let loaded: (value: string) => void = () => undefined;
    const ready = new Promise<string>((resolve) => {
      loaded = resolve;
    });
    const { answerCheck } = await renderApp(
      <Suspense fallback={<p>fallback</p>}>
        <AnsweredPart ready={ready} />
      </Suspense>,
      { checking: {}, claims: null },
    );
    expect(screen.getByText("checking")).toBeTruthy();

    await answerCheck();
    // A synchronous update (useSyncExternalStore's) would have replaced the shown part
    // with the fallback; a transition keeps it until the new state can be shown whole.
    expect(screen.getByText("checking")).toBeTruthy();
    expect(screen.queryByText("fallback")).toBeNull();

    await act(async () => loaded("answered"));
    expect(await screen.findByText("answered visitor")).toBeTruthy();
  });

  it("starts from the check's current state when the page renders without a frame", async () => {
    await renderApp(<Shown />, { claims: { cr_id: "p1", cr_mapping: null, cr_userrole: [] } });
    // The first render already: no render with the check still running.
    expect(screen.getByText("signed in")).toBeTruthy();
  });
});
