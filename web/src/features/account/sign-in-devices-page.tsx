import { SecurityCentre } from "./security-page.js";

/**
 * Route "sign-in-devices" (/sicherheit/anmeldung): passkeys, recovery codes, signed-in
 * devices and recent activity for every signed-in person, whom the spec's Security menu
 * (two-factor settings, allowed members only) leaves out. The alert mails link here.
 */
export default function SignInDevicesPage() {
  return <SecurityCentre route="sign-in-devices" />;
}
