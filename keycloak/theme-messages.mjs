/**
 * Keycloak's message keys on the pages people see, each with the catalogue text it shows
 * (core/src/texts/<lng>/<ns>.json, `ns:dotted.key`): the one table from which
 * scripts/keycloak-theme.mjs writes the login theme's messages_<de|en|fr>.properties. A key
 * not listed here keeps Keycloak's own translation (its base theme's bundles in de, en, fr),
 * never a raw key.
 *
 * An entry is `"ns:key"`, or `{ text: "ns:key", args: ["name", ...] }` when Keycloak passes
 * arguments: the catalogue's `{{name}}` becomes MessageFormat's `{0}`, `{1}`, ... in that
 * order. Keys starting with `portal.` are the theme's own templates' (keycloak/themes/portal).
 *
 * Pages: login, login-otp, login-config-totp, webauthn-authenticate, webauthn-register,
 * login-update-password, login-recovery-authn-code-config and -input, error, info,
 * logout-confirm, login-page-expired, and the frame around them (template.ftl).
 */
export const THEME_MESSAGES = {
  // The frame (template.ftl): skip link, language switch, footer, the second step's account.
  "portal.skipToContent": "provider:page.skipToContent",
  languages: "shared:Language.label",
  locale_de: "provider:keycloak.language.de",
  locale_en: "provider:keycloak.language.en",
  locale_fr: "provider:keycloak.language.fr",
  "portal.moreLinks": "provider:page.moreLinksLabel",
  "portal.faq": "provider:page.faq",
  "portal.signUp": "provider:page.signUp",
  "portal.legalNotice": "provider:page.legalNotice",
  "portal.copyright": { text: "provider:page.copyright", args: ["year", "association"] },
  "portal.signedInAs": "provider:keycloak.signingInAs",
  restartLoginTooltip: "provider:page.freshSignInOtherAccount",
  doTryAnotherWay: "provider:otherWay.title",
  loginChooseAuthenticator: "provider:otherWay.title",
  showPassword: "common:password.show",
  hidePassword: "common:password.hide",

  // Sign-in (login.ftl) and its refusals.
  loginAccountTitle: "shared:Session.signInTitle",
  "portal.loginIntro": "provider:page.loginIntro",
  email: "shared:Fields.email",
  username: "shared:Fields.email",
  usernameOrEmail: "shared:Fields.email",
  password: "shared:Fields.password",
  doLogIn: "shared:Session.signIn",
  doForgotPassword: "provider:page.forgotPassword",
  "portal.register": "provider:page.register",
  invalidUserMessage: "provider:page.invalidCredentials",
  invalidPasswordMessage: "provider:page.passwordIncorrect",
  missingUsernameMessage: "provider:page.emailMissing",
  missingPasswordMessage: "provider:page.passwordMissing",
  accountTemporarilyDisabledMessage: "errors:HttpErrorMessages.TOO_MANY_REQUESTS",
  loginTimeout: "provider:page.sessionExpired",
  expiredActionMessage: "provider:page.sessionExpired",
  expiredCodeMessage: "provider:page.sessionExpired",

  // The code step (login-otp.ftl).
  "portal.secondFactorTitle": "provider:page.secondFactorTitle",
  "portal.chooseApp": "provider:keycloak.chooseApp",
  loginOtpOneTime: "provider:page.appCodeLabel",
  "portal.appCodeHint": "provider:page.appCodeHint",
  "portal.confirm": "provider:page.confirm",
  invalidTotpMessage: "provider:page.codeInvalid",
  missingTotpMessage: "provider:keycloak.codeMissing",

  // The authenticator app's set-up (login-config-totp.ftl).
  loginTotpTitle: "shared:SecondFactor.setUpApp",
  loginTotpStep1: "provider:keycloak.totpStepInstall",
  loginTotpStep2: "provider:page.totpStepScan",
  loginTotpStep3: "provider:page.totpStepCode",
  loginTotpStep3DeviceName: "provider:keycloak.totpDeviceNameHint",
  loginTotpUnableToScan: "provider:keycloak.totpUnableToScan",
  loginTotpScanBarcode: "provider:keycloak.totpScanInstead",
  loginTotpManualStep2: "provider:keycloak.totpEnterKey",
  loginTotpManualStep3: "provider:keycloak.totpSettings",
  loginTotpType: "provider:keycloak.totpType",
  "loginTotp.totp": "provider:keycloak.totpTimeBased",
  "loginTotp.hotp": "provider:keycloak.totpCounterBased",
  loginTotpAlgorithm: "provider:keycloak.totpAlgorithm",
  loginTotpDigits: "provider:keycloak.totpDigits",
  loginTotpInterval: "provider:keycloak.totpInterval",
  loginTotpCounter: "provider:keycloak.totpCounter",
  loginTotpDeviceName: "provider:keycloak.totpDeviceName",
  "portal.totpQrAlt": "provider:page.totpQrAlt",
  authenticatorCode: "provider:page.totpCodeLabel",
  doSubmit: "provider:page.confirm",
  doCancel: "shared:Actions.cancel",
  logoutOtherSessions: "account:Devices.SignOutOthers",

  // Passkeys (webauthn-authenticate.ftl, webauthn-register.ftl, passkeys.ftl).
  "webauthn-login-title": "provider:passkey.secondFactorPasskey",
  "webauthn-doAuthenticate": "provider:passkey.signInWithPasskey",
  "passkey-doAuthenticate": "provider:passkey.signInWithPasskey",
  "passkey-login-title": "provider:passkey.signInWithPasskey",
  "webauthn-available-authenticators": "provider:keycloak.passkeysAvailable",
  "passkey-available-authenticators": "provider:keycloak.passkeysAvailable",
  "webauthn-createdAt-label": "provider:keycloak.createdAt",
  "passkey-createdAt-label": "provider:keycloak.createdAt",
  "passkey-autofill-select": "provider:keycloak.passkeySelect",
  "webauthn-unsupported-browser-text": "provider:passkey.unsupported",
  "passkey-unsupported-browser-text": "provider:passkey.unsupported",
  "webauthn-registration-title": "provider:passkey.registerTitle",
  doRegisterSecurityKey: "provider:passkey.create",
  "webauthn-registration-init-label": "provider:passkey.defaultName",
  "webauthn-registration-init-label-prompt": "provider:passkey.nameLabel",
  "webauthn-error-title": "provider:page.errorTitle",
  "webauthn-error-registration": "provider:passkey.registerFailed",
  "webauthn-error-auth-verification": "provider:passkey.passkeyRefused",

  // Recovery codes (login-recovery-authn-code-config.ftl and -input.ftl).
  "recovery-code-config-header": "provider:recovery.setupTitle",
  "recovery-code-config-warning-title": "provider:keycloak.recoveryShownOnce",
  "recovery-code-config-warning-message": "provider:recovery.setupIntro",
  "recovery-codes-print": "provider:recovery.print",
  "recovery-codes-download": "provider:recovery.download",
  "recovery-codes-copy": "provider:copy.copyAll",
  "recovery-codes-confirmation-message": "provider:recovery.savedConfirm",
  "recovery-codes-action-complete": "provider:recovery.save",
  "recovery-codes-action-cancel": "shared:Actions.cancel",
  "recovery-codes-label-default": "provider:recovery.setupTitle",
  "recovery-codes-download-file-description": "provider:recovery.fileHint",
  "auth-recovery-code-header": "provider:keycloak.recoveryCodeTitle",
  "auth-recovery-code-prompt": { text: "provider:keycloak.recoveryCodeNumber", args: ["number"] },
  "code-copy-success": "provider:copy.copied",
  "code-copy-failure": "provider:copy.copyFailed",

  // A new password (login-update-password.ftl).
  updatePasswordTitle: "shared:Password.setNew",
  passwordNew: "account:ChangePassword.NewPassword",
  passwordConfirm: "account:ChangePassword.ConfirmationPassword",

  // Error, info, sign-out and expired pages.
  errorTitle: "provider:page.errorTitle",
  traceIdSupportMessage: { text: "provider:keycloak.traceId", args: ["traceId"] },
  backToApplication: "provider:page.backToPortal",
  proceedWithAction: "provider:page.deviceContinue",
  logoutConfirmTitle: "shared:Session.signOutTitle",
  logoutConfirmHeader: "provider:page.logoutQuestion",
  doLogout: "shared:Session.signOut",
  pageExpiredTitle: "provider:keycloak.pageExpiredTitle",
  pageExpiredMsg1: "provider:keycloak.pageExpiredRestart",
  pageExpiredMsg2: "provider:keycloak.pageExpiredContinue",
  doClickHere: "provider:keycloak.clickHere",
};
