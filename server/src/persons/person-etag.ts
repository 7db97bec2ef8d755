import { hash } from "node:crypto";
import type { Person } from "@portal/contracts";
import type { PersonRow } from "../db/schema/index.js";
import { toPerson } from "./person-view.js";

/**
 * The strong entity tag of a person: a hash of everything `GET /persons/me` shows of the
 * stored row. Any write that changes what a form was filled from changes the tag, so a
 * `PATCH` with the tag the form was loaded with (`If-Match`) cannot undo another window's
 * change; no version column is needed.
 *
 * @example
 * reply.header("etag", personEtag(row)); // "\"3q2-7w...\""
 */
// crypto.hash: one call, no Hash object per answer (the tag is computed on every GET).
export const personEtag = (row: PersonRow): string => storedPersonEtag(toPerson(row));

/**
 * {@link personEtag} of the stored person as `toPerson(row)` gave it (no company, no pending
 * address), for a caller that goes on to answer with that same object.
 */
export const storedPersonEtag = (stored: Person): string =>
  `"${hash("sha256", JSON.stringify(stored), "base64url").slice(0, 27)}"`;

/**
 * Whether an `If-Match` header value holds `etag` (RFC 9110 13.1.1: `*` or a list of
 * tags, compared strongly, so a weak `W/` tag never matches).
 */
export const ifMatchHolds = (header: string, etag: string): boolean =>
  header
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || tag === etag);
