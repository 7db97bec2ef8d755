import { useEffect, useState } from "react";
import { useRouteNavigate } from "../../app/navigation.js";
import { useSession } from "../../app/session.js";
import { takeSignedOut } from "../../app/signed-out.js";
import { LoadingState } from "../../components/loading-state.js";
import { AccountSecuredPage } from "./account-secured-page.js";
import type { SignedOutState } from "./signed-out-notice.js";

/**
 * Home: signed in goes to the profile; otherwise (once the silent sign-in check of the
 * page load has answered) to the registration, which says "You are signed out" when a
 * sign-out led here. After "Secure my account" on the security page it stays and says the
 * account is secured: signing in again waits for the reset mail.
 */
export default function HomePage() {
  const { checking, authenticated } = useSession();
  const go = useRouteNavigate();
  const [secured, setSecured] = useState(false);
  useEffect(() => {
    if (checking) return;
    if (authenticated) {
      go("profile", undefined, { replace: true });
      return;
    }
    const mark = takeSignedOut();
    if (mark === "secured") setSecured(true);
    else {
      const state: SignedOutState = mark ? { signedOut: true } : {};
      go("register", undefined, { replace: true, state });
    }
  }, [checking, authenticated, go]);
  if (secured) return <AccountSecuredPage />;
  return <LoadingState dataQa="home-loading" />;
}
