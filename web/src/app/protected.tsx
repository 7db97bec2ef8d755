import { type ReactNode, useEffect } from "react";
import { LoadingState } from "../components/loading-state.js";
import { usePasskeySignalsAfterSignIn } from "./passkey-signals-after-sign-in.js";
import { usePerson } from "./person.js";
import { useSession } from "./session.js";

/**
 * Protected routes force sign-in first (once the sign-in check has answered); the page
 * renders once signed in and the person is known.
 */
export function Protected({ children }: { readonly children: ReactNode }) {
  const { checking, authenticated, login } = useSession();
  const { loading } = usePerson();
  usePasskeySignalsAfterSignIn();
  useEffect(() => {
    if (!checking && !authenticated) void login({ redirectUri: window.location.href });
  }, [checking, authenticated, login]);
  if (checking || !authenticated || loading) return <LoadingState />;
  return <>{children}</>;
}
