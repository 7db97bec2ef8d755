import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { afterFirstPaint, useFirstPaintDone } from "./first-paint.js";

function Probe() {
  return <p>{useFirstPaintDone() ? "painted" : "first render"}</p>;
}

describe("after the first paint", () => {
  it("is false in the first render, true once the first frame was shown", async () => {
    render(<Probe />);
    expect(screen.getByText("first render")).toBeInTheDocument();
    expect(await screen.findByText("painted")).toBeInTheDocument();
  });

  it("is one moment per page load: every caller waits for the same frame", () => {
    expect(afterFirstPaint()).toBe(afterFirstPaint());
  });
});
