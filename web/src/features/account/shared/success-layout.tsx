import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useRouteHref } from "../../../app/navigation.js";
import { AccountCard, AccountPage } from "./account-page.js";

/** Props of {@link SuccessLayout}. */
export interface SuccessLayoutProps {
  /** Prefix of every data-qa on the page, e.g. `patch-person-success`. */
  readonly dataQa: string;
  readonly title: ReactNode;
  readonly children?: ReactNode;
  /** Shows the link back to the profile (default true). */
  readonly backLink?: boolean;
}

/** The frame of an account success page (the account pages' template): headline, then text and the way back to the profile in a card. */
export function SuccessLayout({ dataQa, title, children, backLink = true }: SuccessLayoutProps) {
  const { t } = useTranslation("account");
  const href = useRouteHref();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that led here is gone: move focus to the outcome so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <AccountPage
      className="account-success"
      dataQa={`${dataQa}-page`}
      title={title}
      titleRef={heading}
      titleQa={`${dataQa}-title`}
    >
      <AccountCard>
        {children}
        {backLink ? (
          <p>
            <Link to={href("profile")} data-qa={`${dataQa}-back`}>
              {t("Common.BackToProfile")}
            </Link>
          </p>
        ) : null}
      </AccountCard>
    </AccountPage>
  );
}
