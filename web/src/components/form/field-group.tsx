import { getIn, useFormikContext } from "formik";
import {
  createContext,
  type FocusEvent,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
} from "react";
import { FieldErrorText, messageKey, shownMessage, useMessageText } from "./field-error.js";
import { useFormRules } from "./form-rules.js";

export interface FieldGroupProps {
  readonly legend: ReactNode;
  /** The fields validated together (a phone number's parts, a birthdate's three selects). */
  readonly names: ReadonlyArray<string>;
  /**
   * The message keys the group's rules give about the group as a whole ("the number in
   * full", "a complete, real date"): said once for the group, not under each part.
   */
  readonly messages: ReadonlyArray<string>;
  readonly dataQa: string;
  readonly children: ReactNode;
}

/** What a part of a group needs to know: the group's line and which messages are the group's. */
interface GroupContext {
  /** Id of the group's message line (the parts holding a group message point to it). */
  readonly errorId: string;
  readonly messages: ReadonlyArray<string>;
}

const FieldGroupContext = createContext<GroupContext | null>(null);

/**
 * Whether the shown message of a control (encoded) is said by its group rather than at
 * the control; the group's line id then describes the control.
 */
export function useGroupMessage(raw: string | undefined): string | undefined {
  const group = useContext(FieldGroupContext);
  return raw !== undefined && group?.messages.includes(messageKey(raw)) ? group.errorId : undefined;
}

/**
 * A fieldset of fields validated together (validate_phone, validate_birthdate: each part
 * is required once another is filled). Their message sits on the empty parts, which a
 * mouse user never visits: once the group was touched and is left (focus moves elsewhere,
 * or another field changes while the focus is outside it), every part counts as touched,
 * so the message shows where the form's button would otherwise stay disabled unexplained.
 *
 * A message about the group as a whole (`messages`) is said once, under the legend and
 * before the parts (on a phone two narrow columns repeated it side by side); each part
 * holding it is marked invalid and points to that line with `aria-describedby`. A part's
 * own message (an area code starting with 0) stays under the part.
 */
export function FieldGroup({ legend, names, messages, dataQa, children }: FieldGroupProps) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const form = useFormikContext<Record<string, unknown>>();
  const { touched, values, setFieldTouched } = form;
  const rules = useFormRules();
  const text = useMessageText();
  const errorId = `${dataQa}-error`;
  const context = useMemo(() => ({ errorId, messages }), [errorId, messages]);
  const untouched = names.filter((name) => !getIn(touched, name));
  const started = untouched.length < names.length;
  const touchAll = () => {
    for (const name of untouched) void setFieldTouched(name, true, false);
  };
  // The first of the parts' shown messages that is the group's.
  const groupMessage = names
    .map((name) => shownMessage(form, name, rules))
    .find((raw) => raw !== undefined && messages.includes(messageKey(raw)));
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
      <FieldErrorText
        id={errorId}
        className="field-group__error"
        error={groupMessage === undefined ? undefined : text(groupMessage)}
        dataQa={dataQa}
      />
      <FieldGroupContext.Provider value={context}>{children}</FieldGroupContext.Provider>
    </fieldset>
  );
}
