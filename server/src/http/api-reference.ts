import { type Html, html, raw } from "@portal/core";
import type { Texts } from "@portal/core/texts";

// The human-readable API reference: the OpenAPI document rendered as one static HTML page
// (each route with its method, path, summary, caller, parameters, request and answer
// schemas, and its error codes with their German and English texts). No script and no
// inline style: the page lives under the portal's strict Content-Security-Policy and
// takes its looks from one stylesheet.

type Json = Record<string, unknown>;

interface Operation {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly parameters?: ReadonlyArray<{
    readonly name: string;
    readonly in: string;
    readonly required: boolean;
    readonly schema?: unknown;
    readonly description?: string;
  }>;
  readonly requestBody?: { readonly content: Record<string, { readonly schema: unknown }> };
  readonly responses: Record<
    string,
    { readonly content?: Record<string, { readonly schema: unknown }> } | undefined
  >;
  readonly security?: unknown;
  readonly "x-error-codes": ReadonlyArray<string>;
}

interface Document {
  readonly info: { readonly title: string; readonly version: string };
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components?: { readonly schemas?: Record<string, unknown> };
}

/** The catalogue's `t` of the page's two languages (the error codes' texts). */
export interface ReferenceTexts {
  readonly de: Texts;
  readonly en: Texts;
}

/** Where the page's stylesheet is served. */
export const REFERENCE_STYLESHEET_PATH = "/api/user-management/docs/reference.css";

const REF = /&quot;#\/components\/schemas\/([^&]+)&quot;/g;

/** A JSON Schema as indented text, each `$ref` a link to its schema further down. */
const schemaBlock = (schema: unknown): Html =>
  html`<pre class="schema"><code>${raw(
    html`${JSON.stringify(schema, null, 2)}`.html.replace(
      REF,
      (_match, name: string) =>
        `&quot;<a href="#schema-${name}">#/components/schemas/${name}</a>&quot;`,
    ),
  )}</code></pre>`;

const callerOf = (op: Operation): string =>
  op.security === undefined
    ? "Anyone (no token)"
    : op.description
      ? `A bearer token. ${op.description}`
      : "A bearer token of the signed-in person";

const parametersOf = (op: Operation): Html | false =>
  (op.parameters?.length ?? 0) > 0 &&
  html`<h3>Parameters</h3>
<table>
<thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead>
<tbody>${(op.parameters ?? []).map(
    (p) =>
      html`<tr><td><code>${p.name}</code></td><td>${p.in}</td><td>${p.required ? "yes" : "no"}</td><td>${
        p.description ? html`<p>${p.description}</p>` : ""
      }${schemaBlock(p.schema ?? {})}</td></tr>`,
  )}</tbody>
</table>`;

const requestOf = (op: Operation): Html | false => {
  const [type, body] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  return (
    type !== undefined &&
    html`<h3>Request body</h3>
<p>Content type <code>${type}</code></p>
${schemaBlock(body?.schema)}`
  );
};

const answerOf = (op: Operation): Html => {
  const [status, answer] =
    Object.entries(op.responses).find(([s]) => s !== "default") ?? (["200", undefined] as const);
  const schema = answer?.content?.["application/json"]?.schema;
  return html`<h3>Answer</h3>
<p>Status <code>${status}</code>${schema === undefined ? ", no body" : ", JSON:"}</p>
${schema === undefined ? "" : schemaBlock(schema)}`;
};

const errorsOf = (op: Operation, texts: ReferenceTexts): Html =>
  html`<h3>Error codes</h3>
<p>An error answers a list of <code>{ errorCode, field? }</code> entries with one of these codes.</p>
<table class="errors">
<thead><tr><th scope="col">Code</th><th scope="col" lang="de">Deutsch</th><th scope="col">English</th></tr></thead>
<tbody>${op["x-error-codes"].map(
    (code) =>
      html`<tr><td><code>${code}</code></td><td lang="de">${textOf(texts.de, code)}</td><td>${textOf(texts.en, code)}</td></tr>`,
  )}</tbody>
</table>`;

const textOf = (t: Texts, code: string): string => t(`errors:HttpErrorMessages.${code}`);

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

/**
 * The reference page of `document` (an OpenAPI 3.1 document of the route table).
 *
 * @example
 * renderApiReference(openApiDocument(), { de: textsFor("de").t, en: textsFor("en").t });
 */
export const renderApiReference = (document: Json, texts: ReferenceTexts): string => {
  const doc = document as unknown as Document;
  const operations = operationsOf(doc);
  const schemas = Object.entries(doc.components?.schemas ?? {});
  return `<!doctype html>\n${
    html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${doc.info.title}: reference</title>
<link rel="stylesheet" href="${REFERENCE_STYLESHEET_PATH}">
</head>
<body>
<header>
<h1>${doc.info.title}</h1>
<p>Version ${doc.info.version}. This page is generated from the <a href="openapi.json">OpenAPI 3.1 document</a>; both come from the route table of the contracts.</p>
</header>
<nav aria-label="Routes">
<h2>Routes</h2>
<ul>${operations.map(
      ({ path, method, op }) =>
        html`<li><a href="#op-${op.operationId}"><span class="method">${method}</span> <code>${path}</code></a>: ${op.summary}</li>`,
    )}</ul>
</nav>
<main>
${operations.map(
  ({
    path,
    method,
    op,
  }) => html`<section class="operation" id="op-${op.operationId}" aria-labelledby="op-${op.operationId}-title">
<h2 id="op-${op.operationId}-title"><span class="method">${method}</span> <code>${path}</code></h2>
<p class="summary">${op.summary}</p>
<dl>
<dt>Operation</dt><dd><code>${op.operationId}</code></dd>
<dt>Caller</dt><dd>${callerOf(op)}</dd>
</dl>
${parametersOf(op)}
${requestOf(op)}
${answerOf(op)}
${errorsOf(op, texts)}
</section>
`,
)}
${
  schemas.length > 0 &&
  html`<section id="schemas" aria-labelledby="schemas-title">
<h2 id="schemas-title">Shared schemas</h2>
${schemas.map(([name, schema]) => html`<h3 id="schema-${name}">${name}</h3>\n${schemaBlock(schema)}`)}
</section>`
}
</main>
</body>
</html>
`.html
  }`;
};
