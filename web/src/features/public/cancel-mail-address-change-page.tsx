import { useServices } from "../../app/services-context.js";
import { OneClickLinkPage } from "./one-click-link-page.js";

/**
 * The cancel link of the alert to the current address about a requested e-mail change
 * (query token): one click cancels the change, then a new password is recommended.
 */
export default function CancelMailAddressChangePage() {
  const { api } = useServices();
  return (
    <OneClickLinkPage
      action="cancelSetNewEmail"
      link="cancelMailChange"
      send={(cancelToken) => api.cancelMailAddressChangeByToken({ cancelToken })}
      dataQa="cancel-mail-address-change"
      texts="cancelMailChange"
    />
  );
}
