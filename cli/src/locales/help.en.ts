/**
 * English texts of `--help`: commander's headings, the descriptions of every
 * command, argument and option, the environment and the exit codes. The source
 * catalogue whose keys help.de and help.fr must all carry; `{name}` marks a parameter.
 */
export const helpEn = {
  "help.title.usage": "Usage:",
  "help.title.arguments": "Arguments:",
  "help.title.options": "Options:",
  "help.title.globalOptions": "Global Options:",
  "help.title.commands": "Commands:",
  "help.title.environment": "Environment:",
  "help.help": "display help for command",
  "help.exitCodes":
    "Exit codes: 0 success, 1 the operation failed or the portal is unreachable, 2 usage error.",
  "help.portal": "Support and developer commands for the customer self-service portal",
  "help.json": "print one JSON document on stdout instead of text",
  "help.lang": "language of messages: de, en or fr (default: LC_ALL/LANG, else de)",
  "help.url": "base URL of the portal (default: PORTAL_URL, else {default})",
  "help.env.PORTAL_URL": "base URL of the portal",
  "help.env.PORTAL_CLIENT_SECRET": "secret of the portal-support client (client credentials)",
  "help.env.PORTAL_CLIENT_ID": "client id (default: portal-support)",
  "help.env.PORTAL_ISSUER": "OpenID Connect issuer (default: <url>/realms/portal)",
  "help.env.XDG_CONFIG_HOME":
    "tokens live in $XDG_CONFIG_HOME/portal/tokens.json (default ~/.config)",
  "help.accountEmail": "e-mail address of the account",
  "help.webTarget": "Look up a web target: where a registration key (prk) leads",
  "help.webTarget.key": "registration key, upper-cased (default: {default})",
  "help.resendOptIn":
    "Resend the registration confirmation mail of an unconfirmed account (support)",
  "help.person": "Support view and mails of one account",
  "help.person.show":
    "Support view of an account: confirmation, member mapping, second factors, company (no secrets)",
  "help.person.resendDeletion": "Resend the pending account-deletion link of an account (support)",
  "help.person.resendEmailChange":
    "Resend the pending e-mail-change confirmation of an account (support)",
  "help.person.export":
    "Everything the portal holds about an account, as one JSON document (GDPR Art. 15); recorded in the person's activity",
  "help.maintenance": "Maintenance of the portal's data",
  "help.maintenance.purge":
    "Delete the data whose retention period has passed (RETENTION_* of the server), per kind",
  "help.maintenance.dryRun": "only count what is due; delete nothing",
  "help.membership": "Membership credentials",
  "help.membership.issue":
    "Create membership credentials for a member; prints the mitgliedskennung and the two passwords once",
  "help.membership.memberNumber": "the member's number (digits only)",
  "help.company": "The company register",
  "help.company.search": "Company suggestions by name words or crefonummer prefix, best first",
  "help.company.term": "name words (at least {min} characters)",
  "help.company.crefonummer": "search by crefonummer prefix instead (digits only)",
  "help.outbox": "List and read the mails of the embedded outbox (when no SMTP server is set)",
  "help.outbox.to": "only mails to this address",
  "help.outbox.open": "print the N-th mail of the list (1 = newest) with its text and links",
  "help.password": "Password rules, offline",
  "help.password.check":
    "Check a password against the policy, offline: reads stdin or asks without echo; prints failing requirements and the strength (exit 1 when it fails)",
  "help.password.givenName": "given name the password must not contain",
  "help.password.surname": "surname the password must not contain",
  "help.password.email": "e-mail address whose local part the password must not contain",
  "help.patch": "Personal-data changes, offline",
  "help.patch.preview":
    "Print the JSON Patch the profile form would send, offline (core's diffPerson)",
  "help.patch.stored": "JSON of the stored person, as GET /persons/me returns it",
  "help.patch.form":
    "JSON of the profile form (PersonForm fields; missing fields keep the stored values)",
  "help.health":
    "Liveness, readiness, database kind and identity issuer of the portal (exit 1 when not ready)",
  "help.login":
    "Sign in as a staff member (device authorization grant): open the shown address, enter the code",
  "help.logout": "Sign out: revoke and remove the stored tokens of this portal's identity provider",
} as const;

/** A key of the help catalogue. */
export type HelpKey = keyof typeof helpEn;
