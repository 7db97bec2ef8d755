import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test-support/render.js";
import { useSession } from "./session.js";

/** The session as one word. */
function Shown() {
  const { checking, authenticated } = useSession();
  return <p>{checking ? "checking" : authenticated ? "signed in" : "visitor"}</p>;
}

// How the check's answer renders (a transition): check-answer.test.tsx.
describe("SessionProvider", () => {
  it("starts from the check's current state when the page renders without a frame", async () => {
    await renderApp(<Shown />, { claims: { cr_id: "p1", cr_mapping: null, cr_userrole: [] } });
    // The first render already: no render with the check still running.
    expect(screen.getByText("signed in")).toBeTruthy();
  });
});
