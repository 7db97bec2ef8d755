import { MEMBER_CREDENTIAL_ERROR_CODES } from "@portal/contracts";
import { errorMessageKey } from "@portal/core";
import { useTranslation } from "react-i18next";
import { Notice } from "../../../components/notice.js";

/** Props of {@link MemberCredentialErrors}. */
export interface MemberCredentialErrorsProps {
  readonly codes: ReadonlyArray<string>;
  readonly correlationId: string | null;
}

/**
 * The refused member credentials: every member-credential code of the answer with its
 * text (spec section 8), and the correlation id for support.
 */
export function MemberCredentialErrors({ codes, correlationId }: MemberCredentialErrorsProps) {
  const { t } = useTranslation(["account", "errors"]);
  const shown = codes.filter((c) =>
    (MEMBER_CREDENTIAL_ERROR_CODES as ReadonlyArray<string>).includes(c),
  );
  return (
    <Notice
      tone="error"
      dataQa="membership-credential-error"
      title={t("account:Membership.Refused")}
    >
      <ul>
        {shown.map((code) => (
          <li key={code} data-qa={`membership-credential-error-${code}`}>
            {t(`errors:${errorMessageKey(code)}`)}
          </li>
        ))}
      </ul>
      {correlationId ? (
        <p data-qa="membership-credential-error-correlation-id">
          {t("errors:Dialog.Default.CorrelationId", { id: correlationId })}
        </p>
      ) : null}
    </Notice>
  );
}
