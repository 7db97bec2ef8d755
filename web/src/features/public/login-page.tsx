import { checkedPrk, LINK_QUERY, loginTarget, routePath, webTargetKey } from "@portal/core";
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { leaveFor, useRouteNavigate } from "../../app/navigation.js";
import { useServices } from "../../app/services-context.js";
import { useSession } from "../../app/session.js";
import { useConfig } from "../../app/use-config.js";
import { LoadingState } from "../../components/loading-state.js";

/** Origins a login may lead to: configured, else the app's own and the branding origins. */
export function redirectAllowList(config: ReturnType<typeof useConfig>): ReadonlyArray<string> {
  return (
    config.redirectAllowList ?? [
      window.location.origin,
      config.branding.homepageUrl,
      config.branding.signUpUrl,
    ]
  );
}

/**
 * /login: signs in, then works out the target from prk (web target), prt and newUser;
 * the default is the profile; only allow-listed URLs are followed.
 */
export default function LoginPage() {
  const { checking, authenticated, login } = useSession();
  const { webTargets: targets } = useServices();
  const config = useConfig();
  const { search } = useLocation();
  const go = useRouteNavigate();
  useEffect(() => {
    // The sign-in check of the page load answers first (a returning user needs no login).
    if (checking) return;
    if (!authenticated) {
      void login({ redirectUri: window.location.href });
      return;
    }
    const q = new URLSearchParams(search);
    const query = {
      prk: q.get(LINK_QUERY.webTargetKey),
      prt: q.get(LINK_QUERY.webTargetToken),
      newUser: q.get("newUser"),
    };
    let live = true;
    void (async () => {
      const webTarget = query.prk ? checkedPrk(await targets.get(webTargetKey(query.prk))) : null;
      if (!live) return;
      const target = loginTarget(query, { webTarget, allowList: redirectAllowList(config) });
      if (target.kind === "url" && target.url !== routePath("login")) leaveFor(target.url);
      else go("profile", undefined, { replace: true });
    })();
    return () => {
      live = false;
    };
  }, [checking, authenticated, login, search, targets, config, go]);
  return <LoadingState dataQa="login-loading" />;
}
