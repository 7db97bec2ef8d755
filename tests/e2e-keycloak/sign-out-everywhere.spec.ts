import { routePath } from "@portal/core";
import { qa } from "../e2e/support/qa.js";
import { openSecurity } from "../e2e/support/second-factor.js";
import { signIn } from "../e2e/support/sign-in.js";
import { expect, test } from "./fixtures.js";
import { issuerOf } from "./keycloak-steps.js";
import { provisionedAccount } from "./provisioned-account.js";

/** A refresh at Keycloak's token endpoint as keycloak-js sends it. */
const refresh = (refreshToken: string) =>
  fetch(`${issuerOf()}/protocol/openid-connect/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "refresh_token",
      client_id: "benutzerverwaltung",
      refresh_token: refreshToken,
    }),
  });

// Issue 47 item 3: "sign out everywhere" on the security page in Keycloak mode. The web app
// asks Keycloak's account REST (`GET /account/sessions/devices`, then
// `DELETE /account/sessions`, every session but the caller's) with its access token; the
// other browser's Keycloak session is gone, so its next token refresh is refused and its
// silent check-sso finds nobody: the next page asks for a sign-in on Keycloak's page.
test("sign out everywhere: the other browser's Keycloak session ends, this one stays", async ({
  page,
  a11y,
  portal,
  outbox,
  browser,
}) => {
  const account = await provisionedAccount(portal.url, outbox, "kc-everywhere");
  const other = await browser.newContext({ baseURL: portal.url });
  try {
    const otherPage = await other.newPage();
    // The other browser's refresh token, as keycloak-js got it from Keycloak.
    let refreshToken = "";
    otherPage.on("response", async (r) => {
      if (r.url() !== `${issuerOf()}/protocol/openid-connect/token` || r.status() !== 200) return;
      refreshToken = ((await r.json()) as { refresh_token: string }).refresh_token;
    });
    await signIn(otherPage, a11y, account);
    await expect.poll(() => refreshToken).not.toBe("");
    await signIn(page, a11y, account);
    // Refreshed once here, so it is known to work before the sign-out (Keycloak rotates it).
    const before = await refresh(refreshToken);
    expect(before.status).toBe(200);
    refreshToken = ((await before.json()) as { refresh_token: string }).refresh_token;

    await openSecurity(page, a11y);
    // Both sessions, read from Keycloak: this one marked, the other one signed out from here.
    await expect(qa(page, "device-current")).toHaveCount(1);
    await expect(qa(page, "device-other")).toHaveCount(1);
    const deleted = page.waitForResponse(
      (r) => r.url() === `${issuerOf()}/account/sessions` && r.request().method() === "DELETE",
    );
    await qa(page, "devices-sign-out-others").click();
    await qa(page, "devices-dialog-confirm").click();
    expect((await deleted).status()).toBe(204);
    await expect(qa(page, "devices-signed-out")).toBeVisible();
    await expect(qa(page, "device-other")).toHaveCount(0);
    await expect(qa(page, "device-current")).toHaveCount(1);

    // The other browser: its session's refresh token is refused at Keycloak's token
    // endpoint (the one taken before the sign-out, which worked then) ...
    const refused = await refresh(refreshToken);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe("invalid_grant");
    // ... and a reload's silent check-sso finds no session: Keycloak's login page.
    await otherPage.reload();
    await expect(otherPage.locator("#kc-form-login")).toBeVisible();
    expect(otherPage.url().startsWith(issuerOf())).toBe(true);

    // This browser is still signed in: a reload keeps the profile.
    await page.goto(routePath("profile"));
    await expect(qa(page, "profile-email")).toHaveText(account.email);
  } finally {
    await other.close();
  }
});
