import * as Schema from "effect/Schema";
import { BoundedSecret, SingleLineText } from "./text-fields.js";
import { MAX_LENGTHS } from "./text-limits.js";

// Limits and the single-line rule: see text-fields.ts.

/** An e-mail address as a caller sends it: one line, at most 255 characters. */
export const EmailText = SingleLineText(MAX_LENGTHS.email, {
  tooLong: "EMAIL_NOT_VALID",
  invalid: "EMAIL_NOT_VALID",
});

/** A new password: the policy's maximum; its alphabet is the policy's business. */
export const NewPassword = BoundedSecret(MAX_LENGTHS.newPassword, "PASSWORD_TOO_LONG");

// A mailed token that long or with such characters was never issued: an unknown link.
const MailToken = SingleLineText(MAX_LENGTHS.mailToken, {
  tooLong: "INVALID_OPT_IN",
  invalid: "INVALID_OPT_IN",
});

/** `POST /persons/confirm-mail-address` body; also confirms an e-mail change. */
export const ConfirmMailAddressRequest = Schema.Struct({ confirmationToken: MailToken });
export type ConfirmMailAddressRequest = typeof ConfirmMailAddressRequest.Type;

/** `POST /persons/confirm-deletion` body. */
export const ConfirmDeletionRequest = Schema.Struct({ optOutToken: MailToken });
export type ConfirmDeletionRequest = typeof ConfirmDeletionRequest.Type;

/** `POST /persons/cancel-mail-address-change` body: the token of the link in the alert to the current address. */
export const CancelMailAddressChangeRequest = Schema.Struct({ cancelToken: MailToken });
export type CancelMailAddressChangeRequest = typeof CancelMailAddressChangeRequest.Type;

/** `POST /persons/revert-mail-address` body: the token of the link mailed to the old address. */
export const RevertMailAddressRequest = Schema.Struct({ revertToken: MailToken });
export type RevertMailAddressRequest = typeof RevertMailAddressRequest.Type;

/** `POST /persons/secure-account` body: the token of the "This wasn't me" link of a security alert. */
export const SecureAccountRequest = Schema.Struct({ secureToken: MailToken });
export type SecureAccountRequest = typeof SecureAccountRequest.Type;

/**
 * The mailed one-click links whose page asks, on opening, whether the link still works:
 * cancel an e-mail change, restore the previous address, secure the account, reopen a
 * closed account.
 */
export const OneClickLinkKind = Schema.Literals([
  "cancelMailChange",
  "revertMail",
  "secureAccount",
  "restoreAccount",
]);
export type OneClickLinkKind = typeof OneClickLinkKind.Type;

/** `POST /persons/check-one-click-link` body: which kind of link, and its token. */
export const OneClickLinkCheckRequest = Schema.Struct({ link: OneClickLinkKind, token: MailToken });
export type OneClickLinkCheckRequest = typeof OneClickLinkCheckRequest.Type;

/**
 * `POST /persons/check-one-click-link` answer, and nothing more: `valid` (the click would
 * take it), `used` (it did its work, or a securing of the account retired it) or `invalid`
 * (unknown, expired, of another kind). A question, not an action: the link stays usable.
 */
export const OneClickLinkCheck = Schema.Struct({
  status: Schema.Literals(["valid", "used", "invalid"]),
});
export type OneClickLinkCheck = typeof OneClickLinkCheck.Type;

/** `{email}` body of resend opt-in and password-reset mail requests. */
export const EmailRequest = Schema.Struct({ email: EmailText });
export type EmailRequest = typeof EmailRequest.Type;

/** `POST /persons/me/change-mail-address` body. */
export const ChangeMailAddressRequest = Schema.Struct({ newEmail: EmailText });
export type ChangeMailAddressRequest = typeof ChangeMailAddressRequest.Type;

/** `POST /persons/me/change-password` body. */
export const ChangePasswordRequest = Schema.Struct({
  // Longer than any password ever set: it cannot be the current one.
  oldPassword: BoundedSecret(MAX_LENGTHS.oldPassword, "PASSWORD_INCORRECT"),
  newPassword: NewPassword,
});
export type ChangePasswordRequest = typeof ChangePasswordRequest.Type;

/** `POST /persons/check-password-reset-token` body: the mailed link's token. */
export const PasswordResetTokenRequest = Schema.Struct({ passwordResetToken: MailToken });
export type PasswordResetTokenRequest = typeof PasswordResetTokenRequest.Type;

/**
 * `POST /persons/check-password-reset-token` answer: whether the reset would take the link
 * (false: unknown, used, retired, expired, of another kind, its person gone). A question,
 * not an action: either answer is a success.
 */
export const PasswordResetTokenCheck = Schema.Struct({
  valid: Schema.Boolean,
  /**
   * True when "This wasn't me" suspended second factors of the link's person that wait to
   * be kept or removed: the page says the sign-in after the reset asks for a mailed code.
   */
  factorsPaused: Schema.optional(Schema.Boolean),
});
export type PasswordResetTokenCheck = typeof PasswordResetTokenCheck.Type;

/**
 * `POST /persons/check-deletion-token` answer: whether the deletion would take the link,
 * and then the account it deletes, its address masked (`ma•••@example.com`): enough for
 * the person to recognise it, not the whole address for whoever else opens the link (a
 * mail gateway, a forwarded mail). An unusable link answers `{ valid: false }` only.
 */
export const DeletionTokenCheck = Schema.Struct({
  valid: Schema.Boolean,
  maskedEmail: Schema.optional(Schema.String),
  // DELETION_GRACE_DAYS when above 0: the click closes the account, erased that many days later.
  graceDays: Schema.optional(Schema.Number),
});
export type DeletionTokenCheck = typeof DeletionTokenCheck.Type;

/**
 * `POST /persons/restore-account` body: the restore link's token from the confirmation
 * mail of a closed account, the account's password and, when it has a second factor, a
 * code of its authenticator app or one of its recovery codes.
 */
export const RestoreAccountRequest = Schema.Struct({
  restoreToken: MailToken,
  // Longer than any password ever set: it cannot be the account's.
  password: BoundedSecret(MAX_LENGTHS.oldPassword, "PASSWORD_INCORRECT"),
  code: Schema.optional(
    SingleLineText(MAX_LENGTHS.secondFactorCode, {
      tooLong: "SECOND_FACTOR_INCORRECT",
      invalid: "SECOND_FACTOR_INCORRECT",
    }),
  ),
});
export type RestoreAccountRequest = typeof RestoreAccountRequest.Type;

/** `POST /persons/reset-password` body. */
export const ResetPasswordRequest = Schema.Struct({
  passwordResetToken: MailToken,
  newPassword: NewPassword,
});
export type ResetPasswordRequest = typeof ResetPasswordRequest.Type;

/** `POST /persons/me/register-mitgliedskennung` body. */
export const RegisterMembershipRequest = Schema.Struct({
  mitgliedskennung: SingleLineText(MAX_LENGTHS.mitgliedskennung, {
    tooLong: "INVALID_MEMBER_USER_ID",
    invalid: "INVALID_MEMBER_USER_ID",
  }),
  personalPassword: BoundedSecret(MAX_LENGTHS.membershipPassword, "CTO_ZUGANGSDATEN_INVALID"),
  generalPassword: BoundedSecret(MAX_LENGTHS.membershipPassword, "CTO_ZUGANGSDATEN_INVALID"),
});
export type RegisterMembershipRequest = typeof RegisterMembershipRequest.Type;

/** Answer of a successful membership registration: shown on its success page. */
export const RegisterMembershipResponse = Schema.Struct({
  memberNumber: Schema.String,
  mitgliedskennung: Schema.String,
});
export type RegisterMembershipResponse = typeof RegisterMembershipResponse.Type;

/** Answer of the resend calls that confirm where the mail went (spec section 8). */
export const MailSentResponse = Schema.Struct({ email: Schema.String });
export type MailSentResponse = typeof MailSentResponse.Type;
