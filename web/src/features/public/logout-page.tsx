import { useEffect } from "react";
import { usePerson } from "../../app/person.js";
import { useSession } from "../../app/session.js";
import { LoadingState } from "../../components/loading-state.js";

/** Logout: clears the user state and signs out at the identity provider (back to the base path). */
export default function LogoutPage() {
  const { logout } = useSession();
  const { setPerson } = usePerson();
  useEffect(() => {
    setPerson(null);
    void logout();
  }, [logout, setPerson]);
  return <LoadingState dataQa="logout-loading" />;
}
