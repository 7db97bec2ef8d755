import { useEffect } from "react";
import { useRouteNavigate } from "../../app/navigation.js";
import { useSession } from "../../app/session.js";
import { takeSignedOut } from "../../app/signed-out.js";
import { LoadingState } from "../../components/loading-state.js";
import type { SignedOutState } from "./signed-out-notice.js";

/**
 * Home: signed in goes to the profile; otherwise (once the silent sign-in check of the
 * page load has answered) to the registration, which says "You are signed out" when a
 * sign-out led here.
 */
export default function HomePage() {
  const { checking, authenticated } = useSession();
  const go = useRouteNavigate();
  useEffect(() => {
    if (checking) return;
    if (authenticated) go("profile", undefined, { replace: true });
    else {
      const state: SignedOutState = takeSignedOut() ? { signedOut: true } : {};
      go("register", undefined, { replace: true, state });
    }
  }, [checking, authenticated, go]);
  return <LoadingState dataQa="home-loading" />;
}
