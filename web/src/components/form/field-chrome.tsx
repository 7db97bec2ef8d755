import { useFormikContext } from "formik";
import type { ReactNode } from "react";
import { describedBy, FieldErrorText, useMessageText, useShownMessage } from "./field-error.js";
import { useGroupMessage } from "./field-group.js";

/** The attributes a field's control takes from its field (spread onto the input or select). */
export interface ControlProps {
  /** `field-{name}`; the hint and error ids derive from it. */
  readonly id: string;
  /** Disabled as asked, and while the form submits. */
  readonly disabled: boolean;
  readonly "aria-invalid": true | undefined;
  readonly "aria-describedby": string | undefined;
}

/** A field's shown error and its control's attributes. */
export interface FieldState {
  /** The error said under the field (not one its group says for it). */
  readonly error: string | undefined;
  readonly control: ControlProps;
}

/**
 * The state of field `name` for its control. `describers` are further ids the control is
 * described by (password hints, strength meter), in reading order before the error.
 */
export function useFieldState(
  name: string,
  options: {
    readonly hint?: boolean;
    readonly disabled?: boolean | undefined;
    readonly describers?: ReadonlyArray<string | false>;
    /**
     * The shown message is said by a describer already (the password's reason under its
     * strength bar): the field stays invalid, without a second line saying it.
     */
    readonly saidElsewhere?: (raw: string) => boolean;
  } = {},
): FieldState {
  const { isSubmitting } = useFormikContext();
  const text = useMessageText();
  const raw = useShownMessage(name);
  // A message about the field's group as a whole is said once by the group (FieldGroup).
  const groupLine = useGroupMessage(raw);
  const silent = raw === undefined || Boolean(groupLine) || options.saidElsewhere?.(raw) === true;
  const error = silent ? undefined : text(raw);
  const id = `field-${name}`;
  return {
    error,
    control: {
      id,
      disabled: options.disabled === true || isSubmitting,
      "aria-invalid": raw === undefined ? undefined : true,
      "aria-describedby": describedBy(
        options.hint === true && `${id}-hint`,
        ...(options.describers ?? []),
        error && `${id}-error`,
        groupLine,
      ),
    },
  };
}

/** Props of {@link FieldChrome}. */
export interface FieldChromeProps {
  readonly field: FieldState;
  readonly label: ReactNode;
  readonly dataQa: string;
  readonly required?: boolean | undefined;
  readonly hint?: ReactNode;
  /** Extra classes beside `field` (e.g. `field--password`, a width). */
  readonly className?: string | undefined;
  /** The control, and whatever belongs between it and the hint. */
  readonly children: ReactNode;
}

/**
 * The frame every labelled single control shares: the label (with the required star,
 * hidden from screen readers, which hear `required`), the control, the hint and the error
 * line, both linked through the control's `aria-describedby` (see {@link useFieldState}).
 */
export function FieldChrome(props: FieldChromeProps) {
  const { field, label, dataQa, required, hint, className, children } = props;
  const { id } = field.control;
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint !== undefined ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={`${id}-error`} error={field.error} dataQa={dataQa} />
    </div>
  );
}
