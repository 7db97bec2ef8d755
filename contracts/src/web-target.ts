import * as Schema from "effect/Schema";
import { SingleLineText } from "./text-fields.js";
import { MAX_LENGTHS } from "./text-limits.js";

/**
 * A web-target key (prk) as callers send it, in the path of `GET /web-targets/{key}` or
 * in a registration: one line, at most 64 characters.
 *
 * @example
 * Schema.decodeUnknownSync(WebTargetKey)("MC");
 */
export const WebTargetKey = SingleLineText(MAX_LENGTHS.webTargetKey, {
  tooLong: "INVALID_REQUEST",
  invalid: "INVALID_REQUEST",
});

/**
 * A web target: where a registration key (prk) leads (spec section 3).
 *
 * @example
 * const mc: WebTarget = { key: "MC", url: "https://portal.example", sourceSystem: "MC" };
 */
export const WebTarget = Schema.Struct({
  key: Schema.String,
  url: Schema.String,
  sourceSystem: Schema.String,
});
export type WebTarget = typeof WebTarget.Type;

/**
 * The keys the portal knows, sorted: what a support user may pass as prk.
 *
 * @example
 * const known: WebTargetKeys = { keys: ["BONITAET", "MC"] };
 */
export const WebTargetKeys = Schema.Struct({ keys: Schema.Array(Schema.String) });
export type WebTargetKeys = typeof WebTargetKeys.Type;
