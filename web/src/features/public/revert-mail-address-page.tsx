import { useServices } from "../../app/services-context.js";
import { OneClickLinkPage } from "./one-click-link-page.js";

/**
 * The revert link of the mail to the old address after a confirmed e-mail change (query
 * token): one click restores that address and ends every sign-in (the server does; this
 * browser's own session included), then a new password is recommended.
 */
export default function RevertMailAddressPage() {
  const { api } = useServices();
  return (
    <OneClickLinkPage
      action="revertUpdatedEmail"
      link="revertMail"
      send={(revertToken) => api.revertMailAddress({ revertToken })}
      dataQa="revert-mail-address"
      texts="revertMail"
    />
  );
}
