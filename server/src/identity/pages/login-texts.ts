/**
 * Every text the provider's pages show; `{name}` marks a parameter. Those the app, the CLI
 * or the mails show too come from core's catalogues ({@link CoreTexts}), the rest are the
 * pages' own (texts-{de,en,fr}.ts).
 */
export interface LoginTexts {
  readonly htmlLang: string;
  readonly skipToContent: string;
  readonly loginTitle: string;
  readonly loginIntro: string;
  readonly email: string;
  readonly password: string;
  readonly signIn: string;
  readonly invalidCredentials: string;
  /**
   * A form sent without what it asks for: answered at the field, never counted as a
   * failed sign-in (nothing was checked).
   */
  readonly emailMissing: string;
  readonly passwordMissing: string;
  /** A wrong password where the address is given (confirm it's you, password again). */
  readonly passwordIncorrect: string;
  readonly lockedOut: string;
  readonly unconfirmed: string;
  readonly resendOptIn: string;
  readonly optInResent: string;
  /** A resend refused by the rate limits; `{minutes}` until the next may be asked for. */
  readonly tooManyRequests: string;
  readonly forgotPassword: string;
  readonly register: string;
  readonly secondFactorTitle: string;
  readonly appCodeLabel: string;
  readonly appCodeHint: string;
  readonly emailCodeLabel: string;
  readonly emailCodeSent: string;
  readonly codeInvalid: string;
  readonly codeExpired: string;
  readonly codeTooManyTries: string;
  readonly sendNewCode: string;
  readonly codeResendWait: string;
  readonly confirm: string;
  readonly cancel: string;
  /**
   * The password again, for a signed-in person: the fresh sign-in the app asks for
   * (prompt=login) in a browser still signed in and the password-again step before an
   * application-initiated action (one page design): who is asked, why, and the way to
   * sign in as somebody else (the fresh sign-in only).
   */
  readonly freshSignInTitle: string;
  readonly freshSignInIntro: string;
  readonly freshSignInAccount: string;
  readonly freshSignInOtherAccount: string;
  readonly totpTitle: string;
  readonly totpStepInstall: string;
  readonly totpStepScan: string;
  readonly totpQrAlt: string;
  readonly totpSecretLabel: string;
  readonly totpStepCode: string;
  readonly totpCodeLabel: string;
  readonly totpReplacesEmail: string;
  readonly save: string;
  readonly emailOtpTitle: string;
  readonly emailOtpIntro: string;
  readonly sendCode: string;
  readonly deleteTitle: string;
  readonly deleteQuestion: string;
  readonly deleteConfirm: string;
  readonly factorApp: string;
  readonly factorEmail: string;
  readonly credentialNotFound: string;
  readonly deviceTitle: string;
  readonly deviceIntro: string;
  readonly deviceCodeLabel: string;
  readonly deviceCodeIncorrect: string;
  readonly deviceAborted: string;
  readonly deviceConfirmIntro: string;
  readonly deviceContinue: string;
  readonly deviceAbort: string;
  readonly deviceSuccess: string;
  readonly deviceStaffOnly: string;
  readonly logoutTitle: string;
  readonly logoutQuestion: string;
  readonly logoutYes: string;
  readonly logoutNo: string;
  readonly loggedOutTitle: string;
  readonly loggedOut: string;
  /** From core's shared catalogue (`Dialog.Failed`), as the app's failure dialogs. */
  readonly errorTitle: string;
  readonly errorText: string;
  readonly sessionExpired: string;
  readonly backToPortal: string;
  /** The language switch's label and its submit button (shown without JavaScript). */
  readonly languageLabel: string;
  readonly languageApply: string;
  /** The switch was sent a locale that is not one of the five. */
  readonly languageUnknown: string;
  /** The switch was asked to return somewhere other than a sign-in page. */
  readonly languageReturnRefused: string;
  /** The footer's links (as the app's "other navigation"). */
  readonly moreLinksLabel: string;
  readonly faq: string;
  readonly signUp: string;
  readonly legalNotice: string;
  /** The footer's copyright line: core's `{{year}}` and `{{association}}` (fill with `fillText`). */
  readonly copyright: string;
}

/** The texts core's catalogues hold (the app, the CLI and the mails show them too). */
export type CoreTexts =
  | "errorTitle"
  | "errorText"
  | "skipToContent"
  | "loginTitle"
  | "email"
  | "password"
  | "signIn"
  | "cancel"
  | "save"
  | "factorApp"
  | "factorEmail"
  | "totpTitle"
  | "emailOtpTitle"
  | "deviceAbort"
  | "logoutTitle"
  | "logoutYes"
  | "languageLabel"
  | "moreLinksLabel"
  | "faq"
  | "signUp"
  | "legalNotice"
  | "copyright";

/** The texts the pages word themselves; the rest come from core's catalogues. */
export type OwnTexts = Omit<LoginTexts, CoreTexts>;
