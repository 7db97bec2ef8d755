import { parseRegistrationQuery } from "@portal/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useAfter } from "../../app/deferred-work.js";
import { useRouteHref } from "../../app/navigation.js";
import { useAction } from "../../app/use-action.js";
import { useConfig } from "../../app/use-config.js";
import { usePending } from "../../app/use-pending.js";
import { Notice } from "../../components/notice.js";
import RegisterFormFields from "./register-form-fields.js";
import { SignedOutNotice } from "./signed-out-notice.js";

/**
 * Where the form will be until the page's first paint is shown (the form's render would
 * delay it); the links below the page wait meanwhile (see `.form-frame` in styles.css),
 * so nothing moves when the form arrives. A prerendered frame shows the form at once.
 */
function FormFrame() {
  usePending(true);
  return <div className="form-frame" aria-busy="true" data-qa="register-form-loading" />;
}

/**
 * Registration (spec sections 2 to 5) and, with `member`, its member variant, which
 * always hides the company search and turns off automatic company assignment.
 */
export function RegisterForm({ member }: { readonly member: boolean }) {
  const { t } = useTranslation("public");
  const { search } = useLocation();
  const query = useMemo(() => parseRegistrationQuery(search, { member }), [search, member]);
  const config = useConfig();
  const href = useRouteHref();
  const action = useAction("register");
  const painted = useAfter("paint");
  const [invalidPrk, setInvalidPrk] = useState(false);

  if (action.state.bot) return <p data-qa="register-submitted">{t("register.submitted")}</p>;

  return (
    <section
      aria-labelledby="register-title"
      data-qa={member ? "register-members-page" : "register-page"}
    >
      <p>
        <a href={config.branding.homepageUrl} data-qa="register-back">
          {t("common:back")}
        </a>
      </p>
      <SignedOutNotice />
      <h1 id="register-title">{member ? t("register.titleMember") : t("register.title")}</h1>
      <p className="lead">{t("register.intro")}</p>
      <p>
        <Link to={href("login")} data-qa="register-existing-account">
          {t("register.existingAccount")}
        </Link>
      </p>
      {invalidPrk ? (
        <Notice tone="warning" dataQa="register-invalid-prk">
          {t("register.invalidPrk")}
        </Notice>
      ) : null}
      {painted ? (
        <RegisterFormFields
          member={member}
          query={query}
          action={action}
          onInvalidPrk={setInvalidPrk}
        />
      ) : (
        <FormFrame />
      )}
    </section>
  );
}

/** The registration page. */
export default function RegisterPage() {
  return <RegisterForm member={false} />;
}
