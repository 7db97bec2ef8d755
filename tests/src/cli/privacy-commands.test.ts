import {
  API_ROUTES,
  apiPath,
  type PersonExport,
  type PurgeReport,
  type SecurityEventPage,
} from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { signInOverHttp } from "../support/oidc-sign-in.js";
import {
  CLI_TEST_PASSWORD as password,
  runPortal,
  uniqueEmail as unique,
  useTestPortal,
} from "./cli-harness.js";

// The privacy commands against a real server: support's export of an account and the
// retention purge, dry and for real.
const { portal, support, confirmed } = useTestPortal();

describe("portal person export --email", () => {
  it("prints everything held about the account, with the consent change, and the person sees it in the activity", async () => {
    const email = await confirmed("export");
    const { accessToken } = await signInOverHttp(portal().url, email, password);
    const user = (path: string, init: RequestInit = {}) =>
      fetch(portal().url + path, {
        ...init,
        headers: { authorization: `Bearer ${accessToken}`, ...init.headers },
      });
    const patched = await user(apiPath(API_ROUTES.patchMe), {
      method: "PATCH",
      headers: { "content-type": "application/json-patch+json", "accept-language": "en" },
      body: JSON.stringify([{ op: "replace", path: "/consentRecherche", value: "GIVEN" }]),
    });
    expect(patched.status).toBe(200);

    const r = await support(["person", "export", "--email", email]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    const document = JSON.parse(r.stdout) as PersonExport;
    expect(document.person.email).toBe(email);
    expect(document.consentHistory[0]).toMatchObject({
      consent: "recherche",
      value: "GIVEN",
      source: "profile",
      language: "en",
    });
    expect(document.mails.map((m) => m.kind)).toContain("optIn");
    expect(r.stdout).not.toContain(password);

    const activity = await user(apiPath(API_ROUTES.getActivity));
    const { events } = (await activity.json()) as SecurityEventPage;
    expect(events.map((e) => e.kind)).toContain("data-exported-by-support");
  });

  it("an unknown address: exit 1 with the portal's reason", async () => {
    const r = await support(["person", "export", "--email", unique("nobody")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("There is no account with this e-mail address.");
  });
});

describe("portal maintenance purge", () => {
  it("--dry-run counts what is due and deletes nothing; without it the due rows go", async () => {
    // An analytics event of 91 days ago: past its 90 days.
    await portal().server.database.db.execute(
      "insert into analytics_events (kind, name, created_at) values ('page', 'old', now() - interval '91 days')",
    );

    const dry = await support(["maintenance", "purge", "--dry-run", "--json"]);
    expect({ code: dry.code, stderr: dry.stderr }).toEqual({ code: 0, stderr: "" });
    const report = JSON.parse(dry.stdout) as PurgeReport;
    expect(report).toMatchObject({ dryRun: true, ran: true });
    expect(report.kinds.find((k) => k.kind === "analytics-events")?.count).toBe(1);

    const human = await support(["maintenance", "purge", "--dry-run"]);
    expect(human.stdout).toMatch(/^Dry run, nothing deleted\. Due now:$/m);
    expect(human.stdout).toMatch(/^Analytics events\s+1 \(kept 90 days, older than /m);

    const done = await support(["maintenance", "purge"]);
    expect({ code: done.code, stderr: done.stderr }).toEqual({ code: 0, stderr: "" });
    expect(done.stdout).toMatch(/^Deleted:$/m);
    expect(done.stdout).toMatch(/^Analytics events\s+1 /m);
    const again = JSON.parse(
      (await support(["maintenance", "purge", "--dry-run", "--json"])).stdout,
    ) as PurgeReport;
    expect(again.kinds.find((k) => k.kind === "analytics-events")?.count).toBe(0);
  });

  it("without the support role: exit 1", async () => {
    const r = await runPortal(["maintenance", "purge", "--url", portal().url], {
      env: { XDG_CONFIG_HOME: portal().configHome },
    });
    expect(r.code).toBe(1);
  });
});
