import { getIn, useFormikContext } from "formik";
import { type FocusEvent, type ReactNode, useEffect, useRef } from "react";

export interface FieldGroupProps {
  readonly legend: ReactNode;
  /** The fields validated together (a phone number's parts, a birthdate's three selects). */
  readonly names: ReadonlyArray<string>;
  readonly dataQa: string;
  readonly children: ReactNode;
}

/**
 * A fieldset of fields validated together (validate_phone, validate_birthdate: each part
 * is required once another is filled). Their message sits on the empty parts, which a
 * mouse user never visits: once the group was touched and is left (focus moves elsewhere,
 * or another field changes while the focus is outside it), every part counts as touched,
 * so the message shows where the form's button would otherwise stay disabled unexplained.
 */
export function FieldGroup({ legend, names, dataQa, children }: FieldGroupProps) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const { touched, values, setFieldTouched } = useFormikContext<Record<string, unknown>>();
  const untouched = names.filter((name) => !getIn(touched, name));
  const started = untouched.length < names.length;
  const touchAll = () => {
    for (const name of untouched) void setFieldTouched(name, true, false);
  };
  // A part chosen without focusing it (some browsers' pickers), then another field changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's state is the trigger
  useEffect(() => {
    if (started && untouched.length > 0 && !ref.current?.contains(document.activeElement))
      touchAll();
  }, [touched, values]);
  const left = (e: FocusEvent<HTMLFieldSetElement>) => {
    if (started && !e.currentTarget.contains(e.relatedTarget)) touchAll();
  };
  return (
    <fieldset ref={ref} className="field-group" data-qa={dataQa} onBlur={left}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
