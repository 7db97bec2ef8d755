import { mkdtempSync, rmSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { OutboxMessages as OutboxMails } from "@portal/contracts";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../config.js";
import { outboxMessages } from "../db/schema/index.js";
import { startServer } from "../index.js";
import { OUTBOX_LOCAL_ONLY } from "../mail/outbox-exposure.js";
import { API, jsonRequest, mailsTo, registration } from "../test-support/api-helpers.js";
import { embedded } from "../test-support/databases.js";
import { startSmtpSink } from "../test-support/smtp-sink.js";
import { startTestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";

describe.each(embedded)("mail outbox on $name", (target) => {
  const server = useTestServer(target);

  it("lists mails to an address newest first with absolute links (OutboxMessage)", async () => {
    const t = server();
    const payload = registration();
    await t.call(`${API}/persons/register`, jsonRequest(payload));
    await t.call(
      `${API}/persons/request-password-reset-mail`,
      jsonRequest({ email: payload.email }),
    );
    const mails = await mailsTo(t, payload.email.toUpperCase());
    expect(mails).toHaveLength(2);
    expect(mails[0]?.links[0]).toContain(
      `${t.server.config.publicUrl}/benutzerverwaltung/passwort-zuruecksetzen?`,
    );
    expect(mails[1]?.links[0]).toContain("/benutzerverwaltung/registrierung-bestaetigen?");
    expect(Object.keys(mails[0] ?? {}).sort()).toEqual([
      "createdAt",
      "html",
      "id",
      "links",
      "subject",
      "text",
      "to",
    ]);
    expect(Schema.decodeUnknownSync(OutboxMails, { onExcessProperty: "error" })(mails)).toEqual(
      mails,
    );
    // The HTML part beside the text part, with the same link as its button.
    const html = (mails[0] as unknown as { html: string }).html;
    expect(html).toMatch(/^<!doctype html>\n<html lang="de"/);
    expect(html).toContain(`href="${mails[0]!.links[0]!.replace(/&/g, "&amp;")}"`);
    expect(Date.parse(mails[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(mails[1]!.createdAt));
  });

  it("shows the outbox as HTML with every value escaped", async () => {
    const t = server();
    await t.server.database.db.insert(outboxMessages).values({
      to: "victim@example.org",
      subject: "<script>alert(1)</script>",
      text: 'Hallo <img src=x onerror="alert(2)">',
      links: ['https://x.example/"><script>'],
      template: "optIn",
    });
    const res = await t.call("/outbox?to=victim@example.org");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("correlationid")).toBeTruthy();
    const html = await res.text();
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("frames each mail's HTML part, sandboxed, beside its text part", async () => {
    const t = server();
    const payload = registration({ preferredLanguage: "fr" });
    await t.call(`${API}/persons/register`, jsonRequest(payload));
    const [mail] = await mailsTo(t, payload.email);
    const page = await (await t.call(`/outbox?to=${encodeURIComponent(payload.email)}`)).text();
    expect(page).toContain(
      `<iframe data-qa="outbox-message-html" title="${mail!.subject.replace(/'/g, "&#39;")} (HTML part)" src="/outbox/messages/${mail!.id}.html" sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"`,
    );
    expect(page).toContain('<pre data-qa="outbox-message-text">Bonjour,');

    const res = await t.call(`/outbox/messages/${mail!.id}.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/; sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox$/);
    // No script runs: default-src 'none' covers scripts and there is no 'unsafe-inline' for them.
    expect(csp).not.toContain("script-src");
    expect(csp).not.toContain("allow-same-origin");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(await res.text()).toBe((mail as unknown as { html: string }).html);
  });

  it("answers 404 for a mail that is not there or has no HTML part", async () => {
    const t = server();
    const [row] = await t.server.database.db
      .insert(outboxMessages)
      .values({ to: "old@example.org", subject: "Old", text: "Old", template: "optIn" })
      .returning({ id: outboxMessages.id });
    for (const path of [
      `/outbox/messages/${row!.id}.html`,
      `/outbox/messages/${row!.id}`,
      "/outbox/messages/00000000-0000-0000-0000-000000000000.html",
      "/outbox/messages/x'%3Bdrop.html",
    ]) {
      expect((await t.call(path)).status, path).toBe(404);
    }
    const page = await (await t.call("/outbox?to=old@example.org")).text();
    expect(page).toContain('data-qa="outbox-message-no-html"');
  });
});

describe("mail over SMTP (SMTP_URL set)", () => {
  it("delivers through nodemailer and has no outbox", async () => {
    const sink = await startSmtpSink();
    const pglite = embedded.find((d) => d.name === "pglite")!;
    const t = await startTestServer(pglite, { smtpUrl: sink.url });
    try {
      const payload = registration({ preferredLanguage: "en" });
      expect((await t.call(`${API}/persons/register`, jsonRequest(payload))).status).toBe(201);
      expect(sink.mails).toHaveLength(1);
      expect(sink.mails[0]?.to).toEqual([payload.email.toLowerCase()]);
      expect(sink.mails[0]?.from).toBe("no-reply@127.0.0.1");
      expect(sink.mails[0]?.data).toContain("Please confirm your e-mail address");
      // One mail, two parts: text first, then HTML (multipart/alternative).
      const data = sink.mails[0]?.data ?? "";
      expect(data).toMatch(/Content-Type: multipart\/alternative/i);
      expect(data.search(/Content-Type: text\/plain/i)).toBeGreaterThan(-1);
      expect(data.search(/Content-Type: text\/html/i)).toBeGreaterThan(
        data.search(/Content-Type: text\/plain/i),
      );
      expect((await t.call("/outbox")).status).toBe(404);
      expect((await t.call("/outbox/api/messages")).status).toBe(404);
    } finally {
      await t.close();
      await sink.close();
    }
  }, 60_000);
});

// Security review #4: without SMTP_URL the outbox shows every mailed link to whoever asks.
describe("a server whose outbox anyone could read", () => {
  it("does not start for a PUBLIC_URL other than this machine without SMTP_URL or MAIL_OUTBOX=public", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "portal-outbox-refusal-"));
    try {
      const start = startServer({
        port: 0,
        host: "127.0.0.1",
        logLevel: "silent",
        publicUrl: "https://portal.example.org",
        databaseUrl: undefined,
        dataDir,
        smtpUrl: undefined,
        mailOutbox: "local",
      });
      // Should it start after all, it must not outlive the test.
      start.then((s) => s.close()).catch(() => {});
      await expect(start).rejects.toThrow(ConfigError);
      await expect(start).rejects.toThrow(/SMTP_URL.*MAIL_OUTBOX=public/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// An address of this machine that is not loopback: a request to it comes from a peer the
// server cannot tell from another machine on the network.
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a?.family === "IPv4" && !a.internal)?.address;

describe.each(embedded)("who reads the outbox on $name", (target) => {
  // Listening on every interface with PUBLIC_URL left at this machine: a server started
  // with the defaults on a host others can reach.
  const local = useTestServer(target, { host: "0.0.0.0" });
  const demo = useTestServer(target, {
    host: "0.0.0.0",
    publicUrl: "https://demo.example.org",
    mailOutbox: "public",
  });
  const viaLan = (t: ReturnType<typeof local>, path: string) =>
    fetch(`http://${lanAddress}:${t.server.port}${path}`);

  it("answers this machine on a loopback PUBLIC_URL (pnpm start, the tests, the CLI)", async () => {
    const res = await local().call("/outbox/api/messages");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(expect.any(Array));
  });

  it.skipIf(lanAddress === undefined)(
    "refuses every other peer with 403 FORBIDDEN naming MAIL_OUTBOX",
    async () => {
      const t = local();
      for (const path of [
        "/outbox",
        "/outbox/api/messages",
        "/outbox/messages/00000000-0000-0000-0000-000000000000.html",
      ]) {
        const res = await viaLan(t, path);
        expect(res.status, path).toBe(403);
        expect(await res.json()).toEqual([{ errorCode: "FORBIDDEN", message: OUTBOX_LOCAL_ONLY }]);
      }
      // The rest of the portal answers that peer as before.
      expect((await viaLan(t, "/healthz")).status).toBe(200);
    },
  );

  it.skipIf(lanAddress === undefined)(
    "answers anyone with MAIL_OUTBOX=public, on any PUBLIC_URL",
    async () => {
      const t = demo();
      await t.call(`${API}/persons/register`, jsonRequest(registration()));
      const res = await viaLan(t, "/outbox/api/messages");
      expect(res.status).toBe(200);
      expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);
    },
  );
});
