/**
 * The analytics event the web app posts to the collector, with its limits. A module of its
 * own: its single-line rule (text-fields) must not ride into the web app's first page with
 * the runtime config's schema.
 */
import * as Schema from "effect/Schema";
import { BoundedText, SingleLineText } from "./text-fields.js";

/** An analytics event is a route name or a masked error report, never a document. */
export const ANALYTICS_LIMITS = {
  name: 200,
  dataEntries: 20,
  dataKey: 200,
  dataValue: 500,
} as const;

// Built from makeFilter like text-fields' checks: effect's ready-made length and property
// checks would add about 1.4 KB to the web app's first page, which carries the route table.
const nonEmpty = Schema.makeFilter<string>((s) => s.length > 0, {
  expected: "a non-empty string",
  errorCode: "INVALID_REQUEST",
  toJsonSchema: () => ({ minLength: 1 }),
});
const atMostEntries = (max: number) =>
  Schema.makeFilter<Readonly<Record<string, string>>>((r) => Object.keys(r).length <= max, {
    expected: `at most ${max} entries`,
    errorCode: "INVALID_REQUEST",
    toJsonSchema: () => ({ maxProperties: max }),
  });

/**
 * Analytics event as the web app posts it (only after consent), with its limits: a
 * non-empty single-line name, at most 20 data entries of bounded keys and values (a
 * value may span lines: a masked error message). A refusal is 400 INVALID_REQUEST.
 */
export const AnalyticsEvent = Schema.Struct({
  kind: Schema.Literals(["pageView", "event", "error"]),
  name: SingleLineText(ANALYTICS_LIMITS.name, {
    tooLong: "INVALID_REQUEST",
    invalid: "INVALID_REQUEST",
  }).check(nonEmpty),
  data: Schema.optionalKey(
    Schema.Record(
      BoundedText(ANALYTICS_LIMITS.dataKey, "INVALID_REQUEST"),
      BoundedText(ANALYTICS_LIMITS.dataValue, "INVALID_REQUEST"),
    ).check(atMostEntries(ANALYTICS_LIMITS.dataEntries)),
  ),
});
export type AnalyticsEvent = typeof AnalyticsEvent.Type;
