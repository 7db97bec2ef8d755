import { type MenuItem, menuEntryCurrent, menuItems } from "@portal/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useRouteHref } from "../../app/navigation.js";
import { usePerson } from "../../app/person.js";
import { useSession } from "../../app/session.js";
import { useConfig } from "../../app/use-config.js";

/**
 * The signed-in user's menu entries (core's visibility rules); while the sign-in check
 * runs and a signed-in user is expected, the entries every user has.
 */
export function useMenuItems(signedInLayout: boolean): ReadonlyArray<MenuItem> {
  const { claims } = useSession();
  const { person } = usePerson();
  const config = useConfig();
  if (!signedInLayout) return [];
  return menuItems({
    claims,
    personLoaded: person !== null,
    securityPrefixes: config.securityMenu.memberNumberPrefixes,
    securityFeatureOn: config.securityMenu.enabled,
  });
}

/** The menu's links, the current page (or the one it belongs to) marked; `qa` prefixes each link's data-qa. */
export function MenuList({ items, qa }: { items: ReadonlyArray<MenuItem>; qa: string }) {
  const { t } = useTranslation("common");
  const href = useRouteHref();
  const { pathname } = useLocation();
  return (
    <ul className="nav-list">
      {items.map((item) => {
        const to = href(item.route);
        // Its own page, one of its sub-pages (the profile's e-mail change), or the page it
        // stands for as well: marked either way.
        const current = menuEntryCurrent(
          pathname,
          item,
          (route) => href(route).split("?")[0] ?? "",
        );
        return (
          <li key={item.id}>
            <Link
              to={to}
              data-qa={`${qa}-${item.id}`}
              aria-current={current === "page" ? "page" : current ? "true" : undefined}
            >
              {t(item.labelKey)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
