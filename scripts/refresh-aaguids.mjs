#!/usr/bin/env node
// Refreshes the passkey providers' names and icons the portal names passkeys after
// (server/src/credentials/passkeys/aaguid-list.json) from the community list
// passkey-authenticator-aaguids (its aaguid.json: software passkey providers only; the
// hardware keys of combined_aaguid.json come from FIDO's metadata service and are left out).
//
//   node scripts/refresh-aaguids.mjs              # the list's main branch
//   node scripts/refresh-aaguids.mjs aaguid.json  # a copy on disk
//
// What is kept is what the security page shows: the name and the light icon (the page has
// no dark theme), each SVG stripped of its prolog, comments and the spaces between tags,
// and dropped above ICON_MAX_BYTES. Icons are only ever drawn as <img> (no script runs in
// an SVG image), and one with an embedded raster image or a script is dropped anyway.
// The list's README asks users to check for an empty object (the list retired): the
// refresh then stops and keeps the file it has.
import { readFileSync, writeFileSync } from "node:fs";

const SOURCE =
  "https://raw.githubusercontent.com/passkeydeveloper/passkey-authenticator-aaguids/main/aaguid.json";
const TARGET = new URL("../server/src/credentials/passkeys/aaguid-list.json", import.meta.url);
const ICON_MAX_BYTES = 8 * 1024;
const DATA_URI = "data:image/svg+xml;base64,";
const AAGUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const load = async (from) => {
  if (!/^https?:/.test(from)) return JSON.parse(readFileSync(from, "utf8"));
  const answer = await fetch(from);
  if (!answer.ok) throw new Error(`${from}: HTTP ${answer.status}`);
  return answer.json();
};

/** The icon as a smaller data: URI, or undefined when it is not a plain vector image. */
const icon = (uri) => {
  if (typeof uri !== "string" || !uri.startsWith(DATA_URI)) return undefined;
  const svg = Buffer.from(uri.slice(DATA_URI.length), "base64")
    .toString("utf8")
    .replace(/<\?xml[^>]*\?>/g, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/>\s+</g, "><")
    .replace(/\s+/g, " ")
    .trim();
  if (!svg.startsWith("<svg") || /<script|<image|<foreignObject|\bon\w+=/i.test(svg))
    return undefined;
  const small = `${DATA_URI}${Buffer.from(svg, "utf8").toString("base64")}`;
  return small.length <= ICON_MAX_BYTES ? small : undefined;
};

const from = process.argv[2] ?? SOURCE;
const list = await load(from);
if (!list || typeof list !== "object" || Object.keys(list).length === 0) {
  console.error(`${from}: empty or not an object; the list may be retired. Nothing written.`);
  process.exit(1);
}
const providers = {};
for (const aaguid of Object.keys(list).sort()) {
  const entry = list[aaguid];
  const key = aaguid.toLowerCase();
  if (!AAGUID.test(key) || typeof entry?.name !== "string" || entry.name.trim() === "") continue;
  const light = icon(entry.icon_light);
  providers[key] = { name: entry.name.trim(), ...(light ? { icon: light } : {}) };
}
const out = { source: SOURCE, refreshed: new Date().toISOString().slice(0, 10), providers };
writeFileSync(TARGET, `${JSON.stringify(out, null, 2)}\n`);
const withIcon = Object.values(providers).filter((p) => p.icon).length;
console.log(
  `${Object.keys(providers).length} providers (${withIcon} with an icon), ${JSON.stringify(out).length} bytes -> ${TARGET.pathname}`,
);
