import { OutboxMessages } from "@portal/contracts";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { outboxMessages } from "../db/schema/index.js";
import { API, jsonRequest, mailsTo, registration } from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import { startSmtpSink } from "../test-support/smtp-sink.js";
import { startTestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";

describe.each(databases)("mail outbox on $name", (target) => {
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
      "id",
      "links",
      "subject",
      "text",
      "to",
    ]);
    expect(Schema.decodeUnknownSync(OutboxMessages, { onExcessProperty: "error" })(mails)).toEqual(
      mails,
    );
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
});

describe("mail over SMTP (SMTP_URL set)", () => {
  it("delivers through nodemailer and has no outbox", async () => {
    const sink = await startSmtpSink();
    const pglite = databases.find((d) => d.name === "pglite")!;
    const t = await startTestServer(pglite, { smtpUrl: sink.url });
    try {
      const payload = registration({ preferredLanguage: "en" });
      expect((await t.call(`${API}/persons/register`, jsonRequest(payload))).status).toBe(201);
      expect(sink.mails).toHaveLength(1);
      expect(sink.mails[0]?.to).toEqual([payload.email.toLowerCase()]);
      expect(sink.mails[0]?.from).toBe("no-reply@127.0.0.1");
      expect(sink.mails[0]?.data).toContain("Please confirm your e-mail address");
      expect((await t.call("/outbox")).status).toBe(404);
      expect((await t.call("/outbox/api/messages")).status).toBe(404);
    } finally {
      await t.close();
      await sink.close();
    }
  }, 60_000);
});
