import { useEffect } from "react";
import { useRouteNavigate } from "../../app/navigation.js";
import { useSession } from "../../app/session.js";
import { LoadingState } from "../../components/loading-state.js";

/**
 * Home: signed in goes to the profile; otherwise (after the silent sign-in check that
 * ran at load) to the registration.
 */
export default function HomePage() {
  const { authenticated } = useSession();
  const go = useRouteNavigate();
  useEffect(() => {
    go(authenticated ? "profile" : "register", undefined, { replace: true });
  }, [authenticated, go]);
  return <LoadingState dataQa="home-loading" />;
}
