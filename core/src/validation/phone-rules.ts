import { isKnownDialingCode } from "../dialing-options.js";
import type { Rule } from "./generic-rules.js";

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** The dialling code is one of the known country codes. */
export const countryCode = (): Rule => ({
  name: "country_code",
  check: (value, _values, field) =>
    text(value) === "" || isKnownDialingCode(text(value))
      ? undefined
      : { key: "Validation.countryCode", params: { field: `Fields.${field}` } },
});
