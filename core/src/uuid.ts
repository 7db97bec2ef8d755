/** A UUID in its canonical 8-4-4-4-12 hex form, any case (the ids the database hands out). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` is a UUID: checked before an id from a URL, a token or a claim reaches a
 * `uuid` column, where PostgreSQL would answer anything else with an error instead of "no row".
 *
 * @example
 * isUuid("0b0e2a4e-5f7a-4c1e-9d3b-2f6a8c9e1d00"); // true
 * isUuid("42"); // false
 */
export const isUuid = (value: string): boolean => UUID.test(value);
