import { accountClosed } from "./account-closed.js";
import { accountDeleted } from "./account-deleted.js";
import { accountDeletion } from "./account-deletion.js";
import { accountRestoredAlert } from "./account-restored-alert.js";
import { accountSecured } from "./account-secured.js";
import { alreadyRegistered } from "./already-registered.js";
import { emailChangeConfirm } from "./email-change-confirm.js";
import { emailChangeRequestedAlert } from "./email-change-requested-alert.js";
import { emailChanged } from "./email-changed.js";
import { emailReverted } from "./email-reverted.js";
import { factorChangedAlert } from "./factor-changed-alert.js";
import { loginCode } from "./login-code.js";
import { newDeviceAlert } from "./new-device-alert.js";
import { optIn } from "./opt-in.js";
import { passwordChangedAlert } from "./password-changed-alert.js";
import { passwordReset } from "./password-reset.js";
import { recoveryCodeUsedAlert } from "./recovery-code-used-alert.js";
import { recoveryCodesRegeneratedAlert } from "./recovery-codes-regenerated-alert.js";

/** Every mail the server sends, by name; each module adds its own line. */
export const MAIL_TEMPLATES = {
  optIn,
  alreadyRegistered,
  emailChangeConfirm,
  emailChanged,
  emailReverted,
  passwordReset,
  accountDeletion,
  accountDeleted,
  accountClosed,
  loginCode,
  // Security alerts (activity module, security-alerts.ts).
  passwordChangedAlert,
  newDeviceAlert,
  emailChangeRequestedAlert,
  factorChangedAlert,
  recoveryCodeUsedAlert,
  recoveryCodesRegeneratedAlert,
  accountRestoredAlert,
  // "This wasn't me" done (persons/secure-account.ts).
  accountSecured,
} as const;
