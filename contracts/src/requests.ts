import * as Schema from "effect/Schema";

/** `POST /persons/confirm-mail-address` body; also confirms an e-mail change. */
export const ConfirmMailAddressRequest = Schema.Struct({ confirmationToken: Schema.String });
export type ConfirmMailAddressRequest = typeof ConfirmMailAddressRequest.Type;

/** `POST /persons/confirm-deletion` body. */
export const ConfirmDeletionRequest = Schema.Struct({ optOutToken: Schema.String });
export type ConfirmDeletionRequest = typeof ConfirmDeletionRequest.Type;

/** `{email}` body of resend opt-in and password-reset mail requests. */
export const EmailRequest = Schema.Struct({ email: Schema.String });
export type EmailRequest = typeof EmailRequest.Type;

/** `POST /persons/me/change-mail-address` body. */
export const ChangeMailAddressRequest = Schema.Struct({ newEmail: Schema.String });
export type ChangeMailAddressRequest = typeof ChangeMailAddressRequest.Type;

/** `POST /persons/me/change-password` body. */
export const ChangePasswordRequest = Schema.Struct({
  oldPassword: Schema.String,
  newPassword: Schema.String,
});
export type ChangePasswordRequest = typeof ChangePasswordRequest.Type;

/** `POST /persons/reset-password` body. */
export const ResetPasswordRequest = Schema.Struct({
  passwordResetToken: Schema.String,
  newPassword: Schema.String,
});
export type ResetPasswordRequest = typeof ResetPasswordRequest.Type;

/** `POST /persons/me/register-mitgliedskennung` body. */
export const RegisterMembershipRequest = Schema.Struct({
  mitgliedskennung: Schema.String,
  personalPassword: Schema.String,
  generalPassword: Schema.String,
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
