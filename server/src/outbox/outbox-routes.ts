import { EmailText } from "@portal/contracts";
import * as Schema from "effect/Schema";
import { ApiError } from "../http/api-error.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { decodeRequest } from "../http/decode.js";
import { escapeHtml } from "../mail/mail-html.js";
import { OUTBOX_LOCAL_ONLY, outboxReadableBy } from "../mail/outbox-exposure.js";
import { listOutbox, type OutboxMail, outboxHtml } from "../mail/outbox-store.js";

const OutboxQuery = Schema.Struct({ to: Schema.optionalKey(EmailText) });

/** Where one mail's HTML part is served on its own (framed by the outbox page). */
export const outboxHtmlPath = (id: string): string => `/outbox/messages/${id}.html`;

// A mail's HTML part gets an opaque origin (no `allow-same-origin`: no access to the portal's
// cookies or pages), may open its links in a new tab, and never navigates the outbox page or
// sends a form. Scripts are off by its CSP (`default-src 'none'`, no 'unsafe-inline': no
// script element, no event handler attribute runs), not by the sandbox: a document whose
// sandbox forbids scripts runs no task at all, not even a test tool's (axe), so the
// accessibility check of the mail could not run.
const FRAME_SANDBOX = "allow-scripts allow-popups allow-popups-to-escape-sandbox";

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#1d1d1b;background:#f2f4f6}
main{max-width:72rem;margin:0 auto;padding:1.5rem 1rem}
article{background:#fff;border:1px solid #d5dbe1;border-radius:8px;padding:1rem;margin:1rem 0}
h2{margin:0 0 .25rem;font-size:1.15rem}.meta{color:#5c6670;margin:0 0 1rem}
iframe{display:block;width:100%;height:44rem;border:1px solid #d5dbe1;border-radius:4px;background:#f2f4f6}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f2f4f6;padding:.75rem;border-radius:4px}
a{color:#004b87;overflow-wrap:anywhere}summary{cursor:pointer;margin-top:1rem}`;

const message = (m: OutboxMail): string => {
  const subject = escapeHtml(m.subject);
  const html =
    m.html === null
      ? '<p data-qa="outbox-message-no-html">This mail has no HTML part.</p>'
      : `<iframe data-qa="outbox-message-html" title="${subject} (HTML part)" src="${outboxHtmlPath(m.id)}" sandbox="${FRAME_SANDBOX}" loading="lazy"></iframe>`;
  return `<article data-qa="outbox-message" aria-labelledby="mail-${m.id}">
<h2 id="mail-${m.id}">${subject}</h2>
<p class="meta">To: ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</p>
${html}
<details open><summary>Text part</summary><pre data-qa="outbox-message-text">${escapeHtml(m.text)}</pre></details>
<ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join("")}</ul>
</article>`;
};

const page = (messages: ReadonlyArray<OutboxMail>): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox</title><style>${STYLE}</style></head>
<body><main><h1>Outbox</h1>
<p>Mails of this portal while no SMTP server is configured (newest first): each with its HTML part and its text part.</p>
${messages.length === 0 ? '<p data-qa="outbox-empty">No mails yet.</p>' : ""}
${messages.map(message).join("\n")}
</main></body></html>`;

/**
 * The mail outbox (only while no SMTP is configured): `/outbox` as HTML,
 * `/outbox/api/messages?to=ADDRESS` as JSON (newest first, `html` beside `text`), and each
 * mail's HTML part at `/outbox/messages/ID.html`.
 */
export const outboxPlugin: PortalPlugin = async (app, { deps }) => {
  if (deps.mailer.transport !== "outbox") return;
  // Every mail's links are here: unless MAIL_OUTBOX=public, only this machine reads them
  // (the start already refused a PUBLIC_URL elsewhere; this covers one left at localhost on
  // a server that listens on every interface). The hook sees this plugin's routes only.
  app.addHook("onRequest", async (request) => {
    const asked = { peerAddress: request.socket.remoteAddress, headers: request.headers };
    if (!outboxReadableBy(deps.config, asked)) {
      throw new ApiError(403, [{ errorCode: "FORBIDDEN", message: OUTBOX_LOCAL_ONLY }]);
    }
  });

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
        // Mail bodies are shown here: nothing runs, and no other site may frame the page; the
        // HTML parts come framed from this origin.
        "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      )
      .send(page(messages));
  });

  app.get<{ Params: { file: string } }>("/outbox/messages/:file", async (request, reply) => {
    const id = request.params.file.endsWith(".html") ? request.params.file.slice(0, -5) : "";
    const html = await outboxHtml(deps.database.db, id);
    if (html === undefined)
      return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    return reply
      .type("text/html; charset=utf-8")
      .header(
        "content-security-policy",
        // A mail as a mail client shows it: inline styles and data: images only, no script,
        // sandboxed to an opaque origin, framed only by the outbox page.
        `default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'; sandbox ${FRAME_SANDBOX}`,
      )
      .header("x-frame-options", "SAMEORIGIN")
      .send(html);
  });
};
