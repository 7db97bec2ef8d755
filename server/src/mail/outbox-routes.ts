import { EmailText, type OutboxMessage } from "@portal/contracts";
import * as Schema from "effect/Schema";
import type { PortalPlugin } from "../app-deps.js";
import { decodeRequest } from "../http/decode.js";
import { listOutbox } from "./outbox-store.js";

const OutboxQuery = Schema.Struct({ to: Schema.optionalKey(EmailText) });

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const page = (messages: ReadonlyArray<OutboxMessage>): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox</title>
<style>body{font-family:sans-serif;margin:2rem}article{border-bottom:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap}</style>
</head><body><h1>Outbox</h1>
<p>Mails of this portal while no SMTP server is configured (newest first).</p>
${messages.length === 0 ? '<p data-qa="outbox-empty">No mails yet.</p>' : ""}
${messages
  .map(
    (m) => `<article data-qa="outbox-message"><h2>${escapeHtml(m.subject)}</h2>
<p>To: ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</p><pre>${escapeHtml(m.text)}</pre>
<ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join("")}</ul></article>`,
  )
  .join("\n")}
</body></html>`;

/**
 * The mail outbox (only while no SMTP is configured): `/outbox` as HTML and
 * `/outbox/api/messages?to=ADDRESS` as JSON, newest first.
 */
export const outboxPlugin: PortalPlugin = async (app, { deps }) => {
  if (deps.mailer.transport !== "outbox") return;

  app.get("/outbox/api/messages", async (request) => {
    const { to } = decodeRequest(OutboxQuery, request.query);
    return listOutbox(deps.database.db, to);
  });

  app.get("/outbox", async (request, reply) => {
    const { to } = decodeRequest(OutboxQuery, request.query);
    const messages = await listOutbox(deps.database.db, to);
    return reply
      .type("text/html; charset=utf-8")
      .header(
        "content-security-policy",
        // Mail bodies are shown here: nothing runs, and no other site may frame the page.
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      )
      .send(page(messages));
  });
};
