import { useEffect } from "react";
import { useRouteNavigate } from "../../app/navigation.js";
import { useSession } from "../../app/session.js";
import { LoadingState } from "../../components/loading-state.js";

/**
 * Home: signed in goes to the profile; otherwise (once the silent sign-in check of the
 * page load has answered) to the registration.
 */
export default function HomePage() {
  const { checking, authenticated } = useSession();
  const go = useRouteNavigate();
  useEffect(() => {
    if (checking) return;
    go(authenticated ? "profile" : "register", undefined, { replace: true });
  }, [checking, authenticated, go]);
  return <LoadingState dataQa="home-loading" />;
}
