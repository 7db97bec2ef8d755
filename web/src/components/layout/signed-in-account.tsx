import { useTranslation } from "react-i18next";
import { usePerson } from "../../app/person.js";
import { useSession } from "../../app/session.js";

/**
 * Which account is signed in: the person's name and address (the claims' until the person
 * has loaded, so both lines are there from the first render and nothing moves when it loads). In the header's bar on wide screens and atop the menu panel on
 * phones (`place`); long names and addresses are cut with an ellipsis, not wrapped.
 */
export function SignedInAccount({ place }: { readonly place: "bar" | "menu" }) {
  const { t } = useTranslation("common");
  const { claims } = useSession();
  const { person } = usePerson();
  const name = person ? `${person.givenName} ${person.surName}`.trim() : (claims?.name ?? "");
  const email = person?.email ?? claims?.email ?? "";
  if (name === "" && email === "") return null;
  return (
    <div className={`signed-in-account signed-in-account--${place}`} data-qa={`${place}-account`}>
      <span className="signed-in-account__label">{t("header.signedInAs")}</span>
      {name === "" ? null : (
        <span className="signed-in-account__name" data-qa={`${place}-account-name`}>
          {name}
        </span>
      )}
      {email === "" ? null : (
        <span className="signed-in-account__email" data-qa={`${place}-account-email`}>
          {email}
        </span>
      )}
    </div>
  );
}
