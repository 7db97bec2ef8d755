import { API_ROUTES } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { SESSION_CHECK_MAX_AGE_MS } from "../../../server/src/http/auth.js";
import { TEST_CLOCK_PATH } from "../../../server/src/http/test-clock-routes.js";
import { REALM, signInOverHttp } from "../support/oidc-sign-in.js";
import { Outbox } from "../support/outbox.js";
import { api, confirmedAccount } from "./support/accounts.js";
import { useTwoProcesses } from "./support/two-processes.js";

// Issue 14: "The API must refuse a token whose session has ended within a few seconds, across
// processes ... a logout on process A is refused by process B within a few seconds."

// Both processes run on a clock the test moves (TEST_CLOCK): B's per-session answer is due
// again once its clock has passed SESSION_CHECK_MAX_AGE_MS, without the test waiting for it.
const two = useTwoProcesses("sessions", { TEST_CLOCK: "true" });

/** Moves the clock of the process at `url` forward by `ms`. */
const advanceClock = async (url: string, ms: number) => {
  const res = await fetch(`${url}${TEST_CLOCK_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advanceMs: ms }),
  });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
};

describe("an ended session on two processes", () => {
  it("a logout on process A is refused by process B once its session check is due (at most 2 s)", async () => {
    const account = await confirmedAccount(
      two.first.url,
      new Outbox(two.first.url),
      "two-processes",
    );
    // Signed in through the balancer (the issuer's origin); then logged out on A itself.
    const signedIn = await signInOverHttp(two.proxy.url, account.email, account.password);
    // B has verified (and cached) the token and seen its session open.
    for (let i = 0; i < 3; i++) {
      const me = await api(two.second.url, API_ROUTES.getMe, { token: signedIn.accessToken });
      expect(me.status).toBe(200);
      await me.arrayBuffer();
    }

    const url = new URL(`${two.first.url}/realms/${REALM}/protocol/openid-connect/logout`);
    url.searchParams.set("id_token_hint", signedIn.idToken);
    const html = await (await signedIn.session.fetch(url)).text();
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !xsrf) throw new Error("no logout form");
    // The form posts to the issuer (the balancer): sent to A, so A ends the session.
    const onA = action.replace(/&#x2F;/g, "/").replace(two.proxy.url, two.first.url);
    const loggedOut = await signedIn.session.fetch(onA, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ xsrf, logout: "yes" }),
    });
    expect(loggedOut.status).toBeLessThan(400);

    await advanceClock(two.second.url, SESSION_CHECK_MAX_AGE_MS + 1);
    const me = await api(two.second.url, API_ROUTES.getMe, { token: signedIn.accessToken });
    await me.arrayBuffer();
    expect(me.status).toBe(401);
  });
});
