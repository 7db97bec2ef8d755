import { accountDeletion } from "./account-deletion.js";
import { alreadyRegistered } from "./already-registered.js";
import { emailChangeConfirm } from "./email-change-confirm.js";
import { emailChanged } from "./email-changed.js";
import { loginCode } from "./login-code.js";
import { optIn } from "./opt-in.js";
import { passwordReset } from "./password-reset.js";

/** Every mail the server sends, by name; each module adds its own line. */
export const MAIL_TEMPLATES = {
  optIn,
  alreadyRegistered,
  emailChangeConfirm,
  emailChanged,
  passwordReset,
  accountDeletion,
  loginCode,
} as const;
