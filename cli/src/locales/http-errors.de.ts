import type { ErrorCode } from "@portal/contracts";

/** German texts of the spec's error catalogue (section 8), keyed by error code. */
export const httpErrorsDe: Record<ErrorCode, string> = {
  Default: "Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.",
  NO_AUTH_REPR:
    "Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut; melden Sie sich bei uns, wenn es weiterhin auftritt.",
  NO_AUTH_REPR_404:
    "Dieses Produkt ist online nicht verfügbar. Bitte bestellen Sie es bei Ihrer Geschäftsstelle.",
  INVALID_EMAIL_ADDRESS: "Die E-Mail-Adresse ist ungültig.",
  EMAIL_NOT_VALID: "Die E-Mail-Adresse hat kein gültiges Format.",
  INVALID_OPT_IN: "Der Aktivierungslink ist ungültig.",
  INVALID_NAME: "Der Name ist ungültig.",
  INVALID_CRID: "Die CRID ist ungültig.",
  INVALID_BIRTHDATE: "Das Geburtsdatum ist ungültig.",
  INVALID_TITLE: "Der Titel ist ungültig.",
  INVALID_MEMBER_USER_ID: "Die Mitgliedsbenutzer-ID ist ungültig.",
  FIELD_EMPTY: "Ein Pflichtfeld ist leer.",
  FIELD_NOT_EMPTY: "Ein Feld, das leer bleiben muss, wurde ausgefüllt.",
  PASSWORD_TOO_SHORT: "Das Passwort ist zu kurz (mindestens 10 Zeichen).",
  PASSWORD_TOO_LONG: "Das Passwort ist zu lang (höchstens 60 Zeichen).",
  PASSWORD_NO_SPECIAL_DIGIT: "Das Passwort braucht eine Ziffer oder ein Sonderzeichen.",
  PASSWORD_INCORRECT: "Das aktuelle Passwort ist falsch.",
  PASSWORD_IN_HISTORY: "Dieses Passwort wurde bereits verwendet.",
  PASSWORD_TRIVIAL_VALUES: "Das Passwort ist zu leicht zu erraten (es enthält z. B. den Namen).",
  PASSWORD_INVALID_CHARACTERS: "Das Passwort enthält unzulässige Zeichen.",
  OLD_PASSWORD_MISSING: "Das aktuelle Passwort fehlt.",
  NEW_PASSWORD_MISSING: "Das neue Passwort fehlt.",
  PASSWORD_LOWERCASE_MISSING: "Das Passwort braucht einen Kleinbuchstaben.",
  PASSWORD_UPPERCASE_MISSING: "Das Passwort braucht einen Großbuchstaben.",
  PASSWORD_DIGIT_OR_SPECIAL_CHARACTER_MISSING:
    "Das Passwort braucht eine Ziffer oder ein Sonderzeichen.",
  PHONE_COUNTRYCODE_INVALID: "Die Ländervorwahl ist ungültig.",
  PHONE_AREA_CODE_INVALID: "Die Ortsvorwahl ist ungültig.",
  PHONE_SUBSCRIBER_NUMBER_INVALID: "Die Rufnummer ist ungültig.",
  PHONE_EXTENTION_NUMBER_INVALID: "Die Durchwahl ist ungültig.",
  PHONE_NUMBER_INVALID: "Die Telefonnummer ist ungültig.",
  FIRSTNAME_MISSING: "Der Vorname fehlt.",
  LASTNAME_MISSING: "Der Nachname fehlt.",
  FIRSTNAME_TOO_LONG: "Der Vorname ist zu lang.",
  LASTNAME_TOO_LONG: "Der Nachname ist zu lang.",
  BACKEND_ERROR: "Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es erneut.",
  BACKEND_VALIDATION_ERROR:
    "Die Anfrage konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut; möglicherweise gibt es bereits ein Konto mit dieser E-Mail-Adresse.",
  MITGLIEDSKENNUNG_ALREADY_REGISTERED:
    "Diese Mitgliedskennung ist bereits mit einem anderen Konto verbunden.",
  CTO_ZUGANGSDATEN_INVALID:
    "Die Kombination aus Mitgliedskennung, persönlichem und allgemeinem Passwort ist falsch.",
  MITGLIEDSKENNUNG_LOCKED:
    "Diese Mitgliedskennung ist gesperrt. Bitte wenden Sie sich an den Support.",
  MITGLIEDSKENNUNG_NOT_ENABLED_FOR_PLATFORM:
    "Diese Mitgliedskennung ist für das Portal nicht freigeschaltet. Bitte wenden Sie sich an den Support.",
  MITGLIEDSNUMMER_UNKNOWN:
    "Die Mitgliedsnummer ist unbekannt. Bitte wenden Sie sich an den Support.",
  MITGLIEDSNUMMER_NO_LONGER_VALID:
    "Die Mitgliedsnummer ist nicht mehr gültig. Bitte wenden Sie sich an den Support.",
  MITGLIEDSNUMMER_NOT_YET_VALID:
    "Die Mitgliedsnummer ist noch nicht gültig. Bitte wenden Sie sich an den Support.",
  UNAUTHORIZED: "Nicht angemeldet, oder die Anmeldung ist abgelaufen.",
  FORBIDDEN: "Dieses Konto darf das nicht (die Support-Rolle fehlt).",
  NOT_FOUND: "Nicht gefunden.",
  ACCOUNT_NOT_FOUND: "Es gibt kein Konto mit dieser E-Mail-Adresse.",
  ACCOUNT_ALREADY_CONFIRMED:
    "Das Konto ist bereits bestätigt; eine Bestätigungs-E-Mail ist nicht mehr nötig.",
  NO_OPEN_DELETION_REQUEST: "Für dieses Konto ist keine Löschung beantragt.",
  NO_OPEN_EMAIL_CHANGE: "Für dieses Konto ist keine Änderung der E-Mail-Adresse offen.",
  TOO_MANY_REQUESTS:
    "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
  INVALID_REQUEST: "Die Anfrage ist ungültig.",
  INVALID_PATCH: "Die Änderung ist ungültig.",
  MEMBER_CANNOT_DELETE: "Mitgliedskonten können nicht online gelöscht werden.",
  EMAIL_UNCHANGED: "Die E-Mail-Adresse entspricht der aktuell verwendeten.",
  INVALID_CREFONUMMER: "Die Crefonummer ist ungültig (nur Ziffern).",
  PRECONDITION_FAILED:
    "Die Daten wurden inzwischen an anderer Stelle geändert. Bitte laden Sie sie neu und wiederholen Sie die Änderung.",
  INVALID_CHARACTERS:
    "Die Angabe enthält Zeilenumbrüche, Steuer- oder unsichtbare Zeichen. Bitte geben Sie nur eine Zeile Text ein.",
};
