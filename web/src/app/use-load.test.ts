import { err, type HttpFailure, httpFailure, ok, type Result } from "@portal/core";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useLoad } from "./use-load.js";

/** A request per call, answered by the test; it records the signal it was given. */
const requests = () => {
  const sent: Array<{
    key: string;
    signal: AbortSignal;
    answer: (r: Result<string, HttpFailure>) => Promise<void>;
  }> = [];
  const loader = (key: string) => (signal: AbortSignal) =>
    new Promise<Result<string, HttpFailure>>((resolve) => {
      sent.push({ key, signal, answer: (r) => act(async () => resolve(r)) });
    });
  return { sent, loader };
};

describe("useLoad: the app's one way to load data", () => {
  it("aborts the request of a key that changed, and drops its late answer", async () => {
    const { sent, loader } = requests();
    const { result, rerender } = renderHook(({ key }) => useLoad(key, loader(key)), {
      initialProps: { key: "Mus" },
    });
    expect(result.current.load).toEqual({ state: "loading", previous: undefined });
    rerender({ key: "Muster" });
    expect(sent.map((s) => [s.key, s.signal.aborted])).toEqual([
      ["Mus", true],
      ["Muster", false],
    ]);
    await sent[1]?.answer(ok("Muster GmbH"));
    await sent[0]?.answer(ok("Mus AG"));
    expect(result.current.load).toEqual({ state: "loaded", key: "Muster", value: "Muster GmbH" });
  });

  it("goes idle at once when nothing is wanted any more (no loading left standing)", () => {
    const { sent, loader } = requests();
    const { result, rerender } = renderHook(
      ({ key }: { key: string | null }) => useLoad(key, loader(key ?? "")),
      { initialProps: { key: "Muster" as string | null } },
    );
    rerender({ key: null });
    expect(sent[0]?.signal.aborted).toBe(true);
    expect(result.current.load).toEqual({ state: "idle" });
  });

  it("keeps the last value while the next key loads", async () => {
    const { sent, loader } = requests();
    const { result, rerender } = renderHook(({ key }) => useLoad(key, loader(key)), {
      initialProps: { key: "Muster" },
    });
    await sent[0]?.answer(ok("Muster GmbH"));
    rerender({ key: "Mustermann" });
    expect(result.current.load).toEqual({ state: "loading", previous: "Muster GmbH" });
  });

  it("loads once per key, however often the component renders, and again on reload", async () => {
    const { sent, loader } = requests();
    const { result, rerender } = renderHook(() => useLoad("me", loader("me")));
    rerender();
    rerender();
    expect(sent).toHaveLength(1);
    const failure = httpFailure({ status: 503, url: "/api/user-management/persons/me" });
    await sent[0]?.answer(err(failure));
    expect(result.current.load).toEqual({ state: "failed", key: "me", failure });
    act(() => result.current.reload());
    expect(sent).toHaveLength(2);
    await sent[1]?.answer(ok("Erika"));
    act(() => result.current.update((name) => `${name} Muster`));
    expect(result.current.load).toEqual({ state: "loaded", key: "me", value: "Erika Muster" });
  });

  it("aborts the request under way when the component goes away", () => {
    const { sent, loader } = requests();
    const { unmount } = renderHook(() => useLoad("me", loader("me")));
    unmount();
    expect(sent[0]?.signal.aborted).toBe(true);
  });
});
