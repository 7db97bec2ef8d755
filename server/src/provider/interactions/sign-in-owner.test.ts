import { describe, expect, it } from "vitest";
import { authenticatedPerson, type Flow, lastAuthentication, onSignedInSession } from "./flow.js";
import type { LoginState } from "./login-state.js";
import { loginStateOf } from "./login-state.test-data.js";

// Whose sign-in an interaction holds: a sign-in begun here speaks only for its own person,
// never for the browser's session (the security review's stale-session attack).

const now = Math.floor(Date.now() / 1000);
const SESSION_LOGIN = now - 3600;

const flowOf = (
  state: Partial<LoginState> | undefined,
  prompt: "login" | "consent" = "consent",
): Flow =>
  ({
    state: state && loginStateOf({ personId: "attacker", ...state }),
    details: { prompt: { name: prompt }, session: { accountId: "victim", uid: "s1" } },
    deps: { provider: { Session: { findByUid: async () => ({ loginTs: SESSION_LOGIN }) } } },
  }) as unknown as Flow;

const fresh = new Date(now * 1000);

describe("a sign-in begun in an interaction speaks only for its own person", () => {
  it("the session's person, while nobody signed in here", async () => {
    const flow = flowOf(undefined);
    expect(onSignedInSession(flow)).toBe(true);
    expect(authenticatedPerson(flow)).toBe("victim");
    expect(await lastAuthentication(flow, "victim")).toBe(SESSION_LOGIN);
  });

  it("nobody while another person's sign-in waits for its second factor", async () => {
    const flow = flowOf({ passwordAt: fresh });
    expect(authenticatedPerson(flow)).toBeUndefined();
    // That password says nothing of the session's person.
    expect(await lastAuthentication(flow, "victim")).toBe(SESSION_LOGIN);
  });

  it("the person who completed both steps here, with this sign-in's time", async () => {
    const flow = flowOf({ passwordAt: fresh, secondFactorAt: fresh });
    expect(authenticatedPerson(flow)).toBe("attacker");
    expect(await lastAuthentication(flow, "attacker")).toBe(now);
    expect(await lastAuthentication(flow, "victim")).toBe(SESSION_LOGIN);
  });

  it("no time at all for a person who is neither signed in here nor the session's", async () => {
    expect(await lastAuthentication(flowOf(undefined), "someone")).toBe(0);
  });

  it("with prompt=login the session counts for nothing", () => {
    const flow = flowOf(undefined, "login");
    expect(onSignedInSession(flow)).toBe(false);
    expect(authenticatedPerson(flow)).toBeUndefined();
  });
});
