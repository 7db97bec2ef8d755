import {
  Form,
  Formik,
  type FormikConfig,
  type FormikErrors,
  type FormikHelpers,
  type FormikProps,
  type FormikValues,
  useFormikContext,
} from "formik";
import {
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { encodeMessage, type FieldMessage } from "./field-error.js";
import { FormRulesContext } from "./form-rules.js";
import { PointerHoldContext, usePointerHold } from "./pointer-hold.js";
import { typedValuesInFrame } from "./typed-in-frame.js";

export interface AppFormProps<V extends FormikValues> {
  readonly initialValues: V;
  /** Returns the first message per failing field (core's rule sets do exactly that). */
  readonly validate: (values: V) => Readonly<Record<string, FieldMessage | undefined>>;
  readonly onSubmit: (values: V, helpers: FormikHelpers<V>) => Promise<unknown> | undefined;
  readonly dataQa: string;
  readonly children: ReactNode;
  /** Reset the form when the initial values change (the profile form follows the stored person). */
  readonly enableReinitialize?: boolean;
  readonly "aria-label"?: string;
  readonly "aria-labelledby"?: string;
}

/** Maps core messages to formik's string errors (see `encodeMessage`). */
export const toFormikErrors = <V,>(
  messages: Readonly<Record<string, FieldMessage | undefined>>,
): FormikErrors<V> => {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(messages))
    if (message) errors[field] = encodeMessage(message);
  return errors as FormikErrors<V>;
};

/**
 * After a submit that validation stopped, focus goes to the first field that says why
 * (every message shows once a submit was tried, see `useFieldError`).
 */
function FocusFirstInvalid({ form }: { readonly form: RefObject<HTMLFormElement | null> }) {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext();
  const handled = useRef(submitCount);
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting, isValidating, errors, form]);
  return null;
}

/**
 * Takes what a visitor typed, chose or ticked into the form's prerendered frame before the
 * app ran into the form's state, in the commit that hydrated the form: React keeps such
 * input in the fields while hydrating, but its state does not know it and the next render
 * would put the rendered values back. With the state holding the fields' values React
 * renders what they already show. The form starts with the errors of its initial values
 * (AppForm's `initialErrors`): it is then validated once more with what was taken, so its
 * errors answer the values shown.
 */
function useTypedInFrame<V extends FormikValues>(
  form: RefObject<HTMLFormElement | null>,
  formik: RefObject<FormikProps<V> | null>,
): void {
  // Kept over React's second run of a component's effects in development (StrictMode).
  const taken = useRef<Record<string, unknown>>({});
  useLayoutEffect(() => {
    const bag = formik.current;
    if (!form.current || !bag) return;
    const typed = typedValuesInFrame(form.current, bag.values);
    for (const [name, value] of Object.entries(typed)) void bag.setFieldValue(name, value, false);
    Object.assign(taken.current, typed);
  }, [form, formik]);
  useEffect(() => {
    const bag = formik.current;
    if (bag && Object.keys(taken.current).length > 0)
      void bag.validateForm({ ...bag.values, ...taken.current });
  }, [formik]);
}

/**
 * A formik form with the portal's validation timing: messages on blur and change, not on
 * input (spec section 5), with its initial values' errors from the start. The same rules
 * reach the submit button through {@link FormRulesContext}, which checks the values as they
 * are typed. While a pointer press in the form is held, error lines keep their layout
 * (`pointer-hold.ts`). What a visitor typed into its prerendered frame before hydration is
 * taken into its state.
 */
export function AppForm<V extends FormikValues>(props: AppFormProps<V>) {
  const hold = usePointerHold();
  const form = useRef<HTMLFormElement>(null);
  const formik = useRef<FormikProps<V>>(null);
  // A prerendered form takes input before the app hydrates it: that input must count.
  useTypedInFrame(form, formik);
  const { initialValues, validate } = props;
  const enableReinitialize = props.enableReinitialize ?? false;
  // The form starts with the errors of the values it is drawn with, computed as it is first
  // drawn (and again when a form that follows its initial values gets new ones). Not
  // Formik's `validateOnMount`: that validates the initial values in an effect, which runs
  // late when the form is drawn as a transition (the profile once the person has loaded),
  // and its answer then lands after a change's and takes that change's messages away.
  const [firstErrors] = useState(() => toFormikErrors<V>(validate(initialValues)));
  const followedErrors = useMemo(
    () => (enableReinitialize ? toFormikErrors<V>(validate(initialValues)) : undefined),
    [enableReinitialize, validate, initialValues],
  );
  const config: FormikConfig<V> = {
    initialValues,
    initialErrors: followedErrors ?? firstErrors,
    validate: (values) => toFormikErrors<V>(validate(values)),
    onSubmit: props.onSubmit,
    validateOnChange: false,
    validateOnBlur: true,
    enableReinitialize,
  };
  return (
    <Formik {...config} innerRef={formik}>
      <FormRulesContext value={props.validate}>
        <PointerHoldContext value={hold.held}>
          <Form
            ref={form}
            onPointerDownCapture={hold.press}
            // Only the app sends its forms. A prerendered form in a browser without script
            // would send itself the browser's way: by POST its fields (a password too) stay
            // out of the address, the history and the logs.
            method="post"
            noValidate
            data-qa={props.dataQa}
            aria-label={props["aria-label"]}
            aria-labelledby={props["aria-labelledby"]}
          >
            {props.children}
            <FocusFirstInvalid form={form} />
          </Form>
        </PointerHoldContext>
      </FormRulesContext>
    </Formik>
  );
}
