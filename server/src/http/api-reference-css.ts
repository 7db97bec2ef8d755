// The stylesheet of the API reference page (api-reference.ts), served as a file of its
// own: the page has no inline style, so the Content-Security-Policy stays as strict as it is.

/** The reference page's stylesheet: readable type, tables and schema blocks. */
export const API_REFERENCE_CSS = `:root {
  color-scheme: light dark;
  --fg: #1a1a1a;
  --bg: #ffffff;
  --muted: #555555;
  --line: #d0d0d0;
  --code-bg: #f4f4f4;
  --link: #0b5cad;
}
@media (prefers-color-scheme: dark) {
  :root {
    --fg: #eeeeee;
    --bg: #161616;
    --muted: #b0b0b0;
    --line: #444444;
    --code-bg: #232323;
    --link: #8cc4ff;
  }
}
body {
  margin: 0 auto;
  max-width: 72rem;
  padding: 1rem 1.5rem 3rem;
  font: 1rem/1.5 system-ui, sans-serif;
  color: var(--fg);
  background: var(--bg);
}
a {
  color: var(--link);
}
a:focus-visible {
  outline: 3px solid var(--link);
  outline-offset: 2px;
}
code,
pre {
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.9rem;
}
/* Wrapped, never a scroll box: a scrollable region would need a keyboard stop of its own. */
pre.schema {
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  padding: 0.75rem;
  background: var(--code-bg);
  border: 1px solid var(--line);
  border-radius: 4px;
}
.method {
  display: inline-block;
  min-width: 4rem;
  font-weight: 700;
}
nav ul {
  padding-left: 1.25rem;
}
.operation {
  margin-top: 2.5rem;
  padding-top: 1rem;
  border-top: 2px solid var(--line);
}
.summary {
  font-size: 1.1rem;
}
dl {
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.25rem 1rem;
}
dt {
  font-weight: 700;
}
dd {
  margin: 0;
}
table {
  width: 100%;
  border-collapse: collapse;
}
th,
td {
  padding: 0.35rem 0.5rem;
  text-align: left;
  vertical-align: top;
  border-bottom: 1px solid var(--line);
}
.errors td:first-child {
  white-space: nowrap;
}
`;
