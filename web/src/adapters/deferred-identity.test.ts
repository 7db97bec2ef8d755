import { describe, expect, it } from "vitest";
import type { BrowserIdentity } from "../app/browser-identity.js";
import { FakeIdentity } from "../test-support/fakes.js";
import { DeferredIdentity } from "./deferred-identity.js";
import type { SessionHint } from "./session-hint.js";

const memoryHint = (signedIn: boolean): SessionHint & { value: boolean } => {
  const hint = {
    value: signedIn,
    read: () => hint.value,
    remember: (v: boolean) => {
      hint.value = v;
    },
  };
  return hint;
};

/** A sign-in check that answers when the test says so. */
const pendingCheck = () => {
  let answer!: (identity: BrowserIdentity) => void;
  let fail!: (e: unknown) => void;
  const started = new Promise<BrowserIdentity>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { started, answer, fail };
};

const signedIn = () => new FakeIdentity({ cr_id: "p1" });

describe("deferred identity: the session while the sign-in check runs", () => {
  it("is checking and signed out until the check answers, then tells its listeners once", async () => {
    const { started, answer } = pendingCheck();
    const identity = new DeferredIdentity(started, memoryHint(false));
    const heard: string[] = [];
    identity.subscribe(() => heard.push(identity.checking() ? "checking" : "answered"));
    expect(identity.checking()).toBe(true);
    expect(identity.isAuthenticated()).toBe(false);
    expect(identity.claims()).toBeNull();
    expect(identity.actionUpdate()).toBeNull();
    answer(signedIn());
    await started;
    await Promise.resolve();
    expect(identity.checking()).toBe(false);
    expect(identity.isAuthenticated()).toBe(true);
    expect(identity.claims()).toEqual({ cr_id: "p1" });
    expect(heard).toEqual(["answered"]);
  });

  it("an unsubscribed listener hears nothing", async () => {
    const { started, answer } = pendingCheck();
    const identity = new DeferredIdentity(started, memoryHint(false));
    const heard: number[] = [];
    identity.subscribe(() => heard.push(1))();
    answer(signedIn());
    await started;
    await Promise.resolve();
    expect(heard).toEqual([]);
  });

  it.each([
    [false, false, false],
    [true, false, true],
    [false, true, true],
  ])(
    "expects a signed-in user while checking when signed in last time (%s) or on a protected route (%s): %s",
    (lastTime, loginRequired, expected) => {
      const identity = new DeferredIdentity(
        pendingCheck().started,
        memoryHint(lastTime),
        loginRequired,
      );
      expect(identity.expectSignedIn()).toBe(expected);
    },
  );

  it.each([
    [signedIn(), true],
    [new FakeIdentity(null), false],
  ])("remembers the answer as the hint for the next load", async (answered, remembered) => {
    const { started, answer } = pendingCheck();
    const hint = memoryHint(!remembered);
    new DeferredIdentity(started, hint);
    answer(answered);
    await started;
    await Promise.resolve();
    expect(hint.value).toBe(remembered);
  });

  it("a bearer token, a login and a logout wait for the answer", async () => {
    const { started, answer } = pendingCheck();
    const hint = memoryHint(true);
    const identity = new DeferredIdentity(started, hint);
    const token = identity.token();
    const login = identity.login({ prompt: "login" });
    const fake = signedIn();
    expect(fake.logins).toEqual([]);
    answer(fake);
    expect(await token).toBe("test-token");
    await login;
    expect(fake.logins).toEqual([{ prompt: "login" }]);
    await identity.logout("https://portal.example/benutzerverwaltung/");
    expect(fake.logouts).toEqual(["https://portal.example/benutzerverwaltung/"]);
    expect(hint.value).toBe(false);
  });

  it("an identity that could not start counts as signed out; a login reports why", async () => {
    const { started, fail } = pendingCheck();
    const hint = memoryHint(true);
    const identity = new DeferredIdentity(started, hint);
    fail(new Error("chunk did not load"));
    await started.catch(() => undefined);
    await Promise.resolve();
    expect(identity.checking()).toBe(false);
    expect(identity.isAuthenticated()).toBe(false);
    expect(hint.value).toBe(false);
    expect(await identity.token()).toBeNull();
    await expect(identity.login()).rejects.toThrow("chunk did not load");
  });
});
