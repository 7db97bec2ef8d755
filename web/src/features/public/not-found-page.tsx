import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useRouteHref } from "../../app/navigation.js";

/** Any path outside the route table. */
export default function NotFoundPage() {
  const { t } = useTranslation("common");
  const href = useRouteHref();
  return (
    <section aria-labelledby="not-found-title" data-qa="not-found-page">
      <h1 id="not-found-title">{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <Link to={href("home")} data-qa="not-found-home">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
