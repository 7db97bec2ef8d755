import { errorMessageKey } from "@portal/core";
import { getIn, useFormikContext } from "formik";
import { useTranslation } from "react-i18next";
import { type FieldMessage, type FormRules, useFormRules } from "./form-rules.js";
import { useHeldValue } from "./pointer-hold.js";
import { refusalAt } from "./refusal-status.js";

/** A validation message as the forms keep it: core's key with its params. */
export type { FieldMessage };

/**
 * Formik keeps errors as strings: a message is stored as JSON so the text is looked up
 * at render time (a language switch re-translates visible errors).
 */
export const encodeMessage = (message: FieldMessage): string => JSON.stringify(message);

const decodeMessage = (raw: string): FieldMessage => {
  try {
    const parsed = JSON.parse(raw) as FieldMessage;
    return typeof parsed.key === "string" ? parsed : { key: raw };
  } catch {
    return { key: raw };
  }
};

/** Translates an encoded message; the `field` param is itself a key (`Fields.{name}`). */
export function useMessageText(): (raw: string) => string {
  const { t } = useTranslation("validation");
  return (raw) => {
    const { key, params = {} } = decodeMessage(raw);
    const field = typeof params.field === "string" ? t(params.field) : undefined;
    const code =
      typeof params.code === "string" ? t(`errors:${errorMessageKey(params.code)}`) : undefined;
    return t(key, { ...params, ...(field ? { field } : {}), ...(code ? { reason: code } : {}) });
  };
}

/** The message key of an encoded message (`Validation.phone`). */
export const messageKey = (raw: string): string => decodeMessage(raw).key;

/** The error code an encoded message names (its `code` param), if any. */
export const messageCode = (raw: string | undefined): string | undefined => {
  const code = raw === undefined ? undefined : decodeMessage(raw).params?.code;
  return typeof code === "string" ? code : undefined;
};

/** What {@link shownMessage} reads of the form. */
export interface ShownState {
  readonly errors: unknown;
  readonly touched: unknown;
  readonly submitCount: number;
  readonly values?: unknown;
  /** Formik's status: a server refusal marked at a field lives there (see `refusal-status.ts`). */
  readonly status?: unknown;
}

/**
 * A field's shown message, still encoded: only once touched (or after a submit attempt),
 * first error only. Formik's errors change on blur and change only (spec section 5), so a
 * message shown under a field the person has since filled correctly is withdrawn as soon
 * as the form's `rules` pass for the current value: "required" must not stay under a
 * filled field until it loses focus. A new message still waits for blur or change.
 * Without an error of the rules, a server refusal marked at the field shows while the
 * field still holds the refused value.
 */
export const shownMessage = (
  form: ShownState,
  name: string,
  rules?: FormRules | null,
): string | undefined => {
  const raw: unknown = getIn(form.errors, name);
  const shown = Boolean(getIn(form.touched, name)) || form.submitCount > 0;
  if (shown && typeof raw === "string" && (!rules || rules(form.values as never)[name])) return raw;
  return refusalAt(form, name);
};

/** The shown message of a field, still encoded (see {@link shownMessage}). */
export function useShownMessage(name: string): string | undefined {
  return shownMessage(useFormikContext<Record<string, unknown>>(), name, useFormRules());
}

/** The shown error of a field: only once touched (or after a submit attempt), first error only. */
export function useFieldError(name: string): string | undefined {
  const text = useMessageText();
  const raw = useShownMessage(name);
  return raw === undefined ? undefined : text(raw);
}

/**
 * The error line under a field, linked through `aria-describedby`. While a pointer press
 * in the form is held the line keeps its state of the press's start, so the blur the
 * press causes cannot move the button under the pointer (see `pointer-hold.ts`).
 */
export function FieldErrorText({
  id,
  error,
  dataQa,
  className,
}: {
  id: string;
  error: string | undefined;
  dataQa: string;
  /** A class beside `field__error`. */
  className?: string;
}) {
  const shown = useHeldValue(error);
  if (!shown) return null;
  return (
    <p
      id={id}
      className={className ? `field__error ${className}` : "field__error"}
      data-qa={`${dataQa}-error`}
      role="alert"
    >
      {shown}
    </p>
  );
}

/** Joins the ids of hint and error for `aria-describedby`. */
export const describedBy = (
  ...ids: ReadonlyArray<string | false | undefined>
): string | undefined => ids.filter(Boolean).join(" ") || undefined;
