import type { HelpKey } from "./help.en.js";

/** German texts of `--help`. */
export const helpDe: Record<HelpKey, string> = {
  "help.title.usage": "Aufruf:",
  "help.title.arguments": "Argumente:",
  "help.title.options": "Optionen:",
  "help.title.globalOptions": "Globale Optionen:",
  "help.title.commands": "Befehle:",
  "help.title.environment": "Umgebung:",
  "help.help": "Hilfe zum Befehl anzeigen",
  "help.exitCodes":
    "Exit-Codes: 0 Erfolg, 1 der Vorgang ist fehlgeschlagen oder das Portal ist nicht erreichbar, 2 Aufruffehler.",
  "help.portal": "Support- und Entwicklerbefehle für das Kundenportal",
  "help.json": "ein JSON-Dokument auf stdout statt Text ausgeben",
  "help.lang": "Sprache der Meldungen: de, en oder fr (Standard: LC_ALL/LANG, sonst de)",
  "help.url": "Basis-URL des Portals (Standard: PORTAL_URL, sonst {default})",
  "help.env.PORTAL_URL": "Basis-URL des Portals",
  "help.env.PORTAL_CLIENT_SECRET": "Secret des Clients portal-support (Client Credentials)",
  "help.env.PORTAL_CLIENT_ID": "Client-ID (Standard: portal-support)",
  "help.env.PORTAL_ISSUER": "OpenID-Connect-Aussteller (Standard: <url>/realms/portal)",
  "help.env.XDG_CONFIG_HOME":
    "Tokens liegen in $XDG_CONFIG_HOME/portal/tokens.json (Standard ~/.config)",
  "help.accountEmail": "E-Mail-Adresse des Kontos",
  "help.webTarget": "Web-Ziel nachschlagen: wohin ein Registrierungsschlüssel (prk) führt",
  "help.webTarget.key": "Registrierungsschlüssel, in Großbuchstaben (Standard: {default})",
  "help.resendOptIn":
    "Die Bestätigungs-E-Mail der Registrierung eines unbestätigten Kontos erneut senden (Support)",
  "help.person": "Support-Ansicht und E-Mails eines Kontos",
  "help.person.show":
    "Support-Ansicht eines Kontos: Bestätigung, Mitgliedszuordnung, zweite Faktoren, Unternehmen (keine Geheimnisse)",
  "help.person.resendDeletion":
    "Den ausstehenden Link zur Kontolöschung eines Kontos erneut senden (Support)",
  "help.person.resendEmailChange":
    "Die ausstehende Bestätigung einer E-Mail-Änderung eines Kontos erneut senden (Support)",
  "help.person.export":
    "Alles, was das Portal zu einem Konto speichert, als ein JSON-Dokument (DSGVO Art. 15); wird in der Aktivität der Person vermerkt",
  "help.maintenance": "Pflege der Daten des Portals",
  "help.maintenance.purge":
    "Daten löschen, deren Aufbewahrungsfrist abgelaufen ist (RETENTION_* des Servers), je Art",
  "help.maintenance.dryRun": "nur zählen, was fällig ist; nichts löschen",
  "help.membership": "Mitgliedschafts-Zugangsdaten",
  "help.membership.issue":
    "Zugangsdaten für ein Mitglied anlegen; zeigt die Mitgliedskennung und die beiden Passwörter einmalig an",
  "help.membership.memberNumber": "die Mitgliedsnummer (nur Ziffern)",
  "help.company": "Das Unternehmensregister",
  "help.company.search":
    "Unternehmensvorschläge nach Namensbestandteilen oder Crefonummer-Anfang, die besten zuerst",
  "help.company.term": "Namensbestandteile (mindestens {min} Zeichen)",
  "help.company.crefonummer": "stattdessen nach dem Anfang der Crefonummer suchen (nur Ziffern)",
  "help.outbox":
    "Die E-Mails des eingebauten Postausgangs auflisten und lesen (wenn kein SMTP-Server eingestellt ist)",
  "help.outbox.to": "nur E-Mails an diese Adresse",
  "help.outbox.open": "die N-te E-Mail der Liste (1 = neueste) mit Text und Links ausgeben",
  "help.password": "Passwortregeln, offline",
  "help.password.check":
    "Ein Passwort offline gegen die Richtlinie prüfen: liest stdin oder fragt ohne Echo; zeigt nicht erfüllte Anforderungen und die Stärke (Exit 1, wenn es nicht genügt)",
  "help.password.givenName": "Vorname, den das Passwort nicht enthalten darf",
  "help.password.surname": "Nachname, den das Passwort nicht enthalten darf",
  "help.password.email": "E-Mail-Adresse, deren lokalen Teil das Passwort nicht enthalten darf",
  "help.patch": "Änderungen persönlicher Daten, offline",
  "help.patch.preview":
    "Den JSON Patch ausgeben, den das Profilformular senden würde, offline (diffPerson aus core)",
  "help.patch.stored": "JSON der gespeicherten Person, wie GET /persons/me sie liefert",
  "help.patch.form":
    "JSON des Profilformulars (Felder von PersonForm; fehlende Felder behalten die gespeicherten Werte)",
  "help.health":
    "Lebendigkeit, Bereitschaft, Datenbankart und Identitätsaussteller des Portals (Exit 1, wenn nicht bereit)",
  "help.login":
    "Als Mitarbeiter anmelden (Device Authorization Grant): die angezeigte Adresse öffnen, den Code eingeben",
  "help.logout":
    "Abmelden: die gespeicherten Tokens des Identitätsanbieters dieses Portals widerrufen und entfernen",
};
