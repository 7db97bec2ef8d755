import { useServices } from "../../app/services-context.js";
import { OneClickLinkPage } from "./one-click-link-page.js";

/**
 * "This wasn't me: secure my account", the link of every security alert (query token): the
 * page says what securing does and one click does it (the server ends every sign-in, blocks
 * the current password and mails a reset link); then a new password is the way back in.
 */
export default function SecureAccountPage() {
  const { api } = useServices();
  return (
    <OneClickLinkPage
      action="secureAccount"
      link="secureAccount"
      send={(secureToken) => api.secureAccountByToken({ secureToken })}
      dataQa="secure-account"
      texts="secureAccount"
    />
  );
}
