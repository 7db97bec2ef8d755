import { errorMessageKey } from "@portal/core";
import { getIn, useFormikContext } from "formik";
import { useTranslation } from "react-i18next";
import { useHeldValue } from "./pointer-hold.js";

/** A validation message as the forms keep it: core's key with its params. */
export interface FieldMessage {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

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

/** The shown error of a field: only once touched (or after a submit attempt), first error only. */
export function useFieldError(name: string): string | undefined {
  const { errors, touched, submitCount } = useFormikContext<Record<string, unknown>>();
  const text = useMessageText();
  const raw: unknown = getIn(errors, name);
  const shown = Boolean(getIn(touched, name)) || submitCount > 0;
  return shown && typeof raw === "string" ? text(raw) : undefined;
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
}: {
  id: string;
  error: string | undefined;
  dataQa: string;
}) {
  const shown = useHeldValue(error);
  if (!shown) return null;
  return (
    <p id={id} className="field__error" data-qa={`${dataQa}-error`} role="alert">
      {shown}
    </p>
  );
}

/** Joins the ids of hint and error for `aria-describedby`. */
export const describedBy = (
  ...ids: ReadonlyArray<string | false | undefined>
): string | undefined => ids.filter(Boolean).join(" ") || undefined;
