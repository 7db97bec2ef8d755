/**
 * The outcome of an operation that can fail in an expected way: a value, not a throw.
 *
 * @example
 * const r: Result<number, string> = ok(1);
 * if (r.ok) r.value; else r.error;
 */
export type Result<T, E> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

/** A success. */
export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
/** An expected failure. */
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });
