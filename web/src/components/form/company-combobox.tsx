import type { CompanySuggestion } from "@portal/contracts";
import { AUTOCOMPLETE_DELAY_MS, AUTOCOMPLETE_MIN_CHARS, suggestionFor } from "@portal/core";
import { useCombobox } from "downshift";
import { useField, useFormikContext } from "formik";
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../../app/services-context.js";
import { useLoad } from "../../app/use-load.js";
import { describedBy, FieldErrorText, useFieldError } from "./field-error.js";
import { typedInFrame } from "./typed-in-frame.js";

export interface CompanyComboboxProps {
  /** Formik field holding the chosen crefonummer ("" while none is chosen). */
  readonly name: string;
  /** Formik field holding the typed company name. */
  readonly textName: string;
  readonly label: ReactNode;
  readonly dataQa: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly hint?: ReactNode;
}

/**
 * Company search as an accessible combobox (downshift): suggestions from the smart-signup
 * service after 3 characters and 500 ms, each with its crefonummer and city; a company
 * counts only when chosen from the list, so typing clears the chosen number. A search
 * without a hit says so (and that the field may stay empty), the number of hits is
 * announced, and a number given without its name (e.g. from the query) is looked up so
 * the user sees the company it stands for.
 */
export function CompanyCombobox(props: CompanyComboboxProps) {
  const { name, textName, label, dataQa, hint } = props;
  const { t } = useTranslation("common");
  const { companySearch: search } = useServices();
  const { isSubmitting, setFieldValue, setFieldTouched, validateForm } = useFormikContext();
  const [textField] = useField<string>(textName);
  const [numberField] = useField<string>(name);
  // "Must be chosen from the list" may sit on the text field (core's registration rules put
  // companyChosen there) or on the number field: show whichever a form reports.
  const textError = useFieldError(textName);
  const numberError = useFieldError(name);
  const error = textError ?? numberError;
  const id = `field-${name}`;
  // A name typed into the prerendered frame before the app ran goes into the form's state
  // at mount as typed text does: it clears the chosen company, and the search runs from the
  // state. (The form takes the same value at its mount; this holds where the combobox, a
  // chunk of its own, mounts apart from the form.)
  const input = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the field mounts
  useLayoutEffect(() => {
    const typed = input.current && typedInFrame(input.current);
    if (typeof typed !== "string") return;
    void setFieldValue(textName, typed, false);
    void setFieldValue(name, "", false);
  }, []);

  const term = textField.value ?? "";
  const number = numberField.value ?? "";
  // The term searched for: from three characters, once typing has paused. A shorter term
  // wants nothing at once, which also aborts a search still running for a longer one.
  const wanted = term.trim().length >= AUTOCOMPLETE_MIN_CHARS ? term.trim() : null;
  const paused = useSettled(wanted, AUTOCOMPLETE_DELAY_MS);
  const key = wanted === null ? null : paused;
  const { load } = useLoad(key, (signal) => search.suggest(key ?? "", { signal }));
  // While the next term loads the last list stays open (no flicker while typing).
  const items =
    load.state === "loaded"
      ? load.value.companyNameSuggestions
      : load.state === "loading"
        ? (load.previous?.companyNameSuggestions ?? [])
        : [];
  // "No company found" only for a finished search of the term shown.
  const answered = load.state === "loaded" && load.key === term.trim();

  // A number without its name (a query's crefonummer): show the company it stands for, or
  // drop a number the register does not know rather than link something unseen.
  const unnamed = number !== "" && term === "" ? number : null;
  const lookup = useLoad(unnamed, (signal) => search.suggest(unnamed ?? "", { signal })).load;
  useEffect(() => {
    if (lookup.state !== "loaded") return;
    const hit = suggestionFor(lookup.key, lookup.value);
    void setFieldValue(hit ? textName : name, hit ? hit.name : "", false);
  }, [lookup, name, textName, setFieldValue]);

  const combobox = useCombobox<CompanySuggestion>({
    items: [...items],
    inputId: id,
    inputValue: term,
    itemToString: (item) => item?.name ?? "",
    onSelectedItemChange: ({ selectedItem }) => {
      // Both values first, then one validation that sees the pair.
      void setFieldValue(textName, selectedItem?.name ?? "", false);
      void setFieldValue(name, selectedItem?.crefonummer ?? "", false).then(() => validateForm());
    },
  });

  return (
    <div className="field field--combobox">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: downshift sets htmlFor to the input id */}
      <label {...combobox.getLabelProps()} className="field__label">
        {label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        className="input"
        {...combobox.getInputProps({
          ref: input,
          // The typed text reaches the form in the input event itself: downshift reports
          // changes from an effect, a render late, and a controlled value that lags drops
          // the keys of a fast typist. Typing also clears the chosen company.
          onChange: (event) => {
            void setFieldValue(textName, event.currentTarget.value, false);
            void setFieldValue(name, "", false);
          },
          onBlur: () => {
            void setFieldTouched(name, true, false);
            void setFieldTouched(textName, true, true);
          },
        })}
        name={textName}
        data-qa={dataQa}
        autoComplete="off"
        disabled={props.disabled || isSubmitting}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
      />
      {hint !== undefined ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <ul {...combobox.getMenuProps()} className="combobox__menu" data-qa={`${dataQa}-suggestions`}>
        {combobox.isOpen
          ? items.map((item, index) => (
              <li
                key={item.crefonummer}
                className={combobox.highlightedIndex === index ? "is-highlighted" : undefined}
                data-qa={`${dataQa}-suggestion`}
                {...combobox.getItemProps({ item, index })}
              >
                <span className="combobox__name">{item.name}</span>
                <span className="combobox__meta" data-qa={`${dataQa}-suggestion-meta`}>
                  {[t("companySearch.crefonummer", { number: item.crefonummer }), item.city]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </li>
            ))
          : null}
      </ul>
      {/* One live region, present from the start, so each change is announced. */}
      <p className="field__hint" role="status" data-qa={`${dataQa}-status`}>
        <SearchStatus
          loading={load.state === "loading" && key === wanted}
          hits={answered ? items.length : null}
          optional={!props.required}
        />
      </p>
      <FieldErrorText id={`${id}-error`} error={error} dataQa={dataQa} />
    </div>
  );
}

/** What the search is doing: searching, how many companies it found, or none. */
function SearchStatus(props: {
  readonly loading: boolean;
  readonly hits: number | null;
  readonly optional: boolean;
}) {
  const { t } = useTranslation("common");
  if (props.loading) return <>{t("companySearch.searching")}</>;
  if (props.hits === null) return null;
  if (props.hits > 0)
    return (
      <span className="visually-hidden">{t("companySearch.results", { count: props.hits })}</span>
    );
  return (
    <>
      {t("companySearch.noResults")}
      {props.optional ? ` ${t("companySearch.mayStayEmpty")}` : null}
    </>
  );
}

/** `value` once it has stayed the same for `ms` (null, which wants nothing, at once). */
function useSettled(value: string | null, ms: number): string | null {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === null) {
      setSettled(null);
      return;
    }
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
