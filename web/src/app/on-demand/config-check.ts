/**
 * config.json against the contracts' schema. The server writes the file from the same
 * type, so a mismatch means a server and an app of different versions, or a hand-edited
 * file. Checked after the first paint (start.tsx): the schema library is not part of the
 * first page.
 */
import { WebRuntimeConfig } from "@portal/contracts";
import * as Schema from "effect/Schema";

/** Throws with the schema's message when config.json does not match. */
export const checkConfig = (raw: unknown): void => {
  Schema.decodeUnknownSync(WebRuntimeConfig)(raw);
};
