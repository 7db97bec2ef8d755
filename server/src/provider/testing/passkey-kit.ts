import { eq } from "drizzle-orm";
import { outboxMessages } from "../../db/schema/outbox.js";
import { securityEvents } from "../../db/schema/security-events.js";
import { formAction, TestBrowser } from "./browser.js";
import { authorizationRequest, createPerson, type IdentityServer, signIn } from "./identity-kit.js";
import { offeredOptions, SoftwareAuthenticator } from "./software-authenticator.js";

/**
 * What the passkey test files do at the embedded provider: open an action, register a
 * passkey for a new person, read the activity log and alert mails, open the sign-in page.
 * `server` is read on each call (the files start it in `beforeAll`).
 *
 * @example
 * let t: IdentityServer;
 * const kit = passkeyKit(() => t);
 * const { person, key } = await kit.registered("webauthn-register-passwordless");
 */
export const passkeyKit = (server: () => IdentityServer) => {
  const browser = () => new TestBrowser(server().server.config.publicUrl);
  const authenticator = () => new SoftwareAuthenticator(server().server.config.publicUrl);

  /** Runs `kc_action` for a signed-in browser; returns the action's page. */
  const openAction = async (b: TestBrowser, action: string) => {
    const t = server();
    const request = await authorizationRequest(await t.web(), t.redirectUri, {
      kc_action: action,
    });
    return (await b.open(request.url.toString(), t.redirectUri)).response.text();
  };

  /**
   * Registers a passkey for a new person through the action (in a browser sending
   * `userAgent`); returns person, browser, key.
   */
  const registered = async (action: string, name = "Laptop", userAgent?: string) => {
    const t = server();
    const person = await createPerson(t.db);
    const { browser: b } = await signIn(
      t,
      person.email,
      new TestBrowser(t.server.config.publicUrl, userAgent),
    );
    const page = await openAction(b, action);
    const key = authenticator();
    const credential = key.create(offeredOptions(page, "kc-register-passkey-form"));
    const done = await b.submit(
      formAction(page, "kc-register-passkey-form"),
      { credential: JSON.stringify(credential), name },
      t.redirectUri,
    );
    return { person, browser: b, key, done };
  };

  /** The person's passkey events of the activity log, oldest first. */
  const passkeyEvents = async (personId: string) =>
    (await server().db.select().from(securityEvents).where(eq(securityEvents.personId, personId)))
      .filter((e) => e.kind.startsWith("passkey"))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((e) => ({ kind: e.kind, factor: e.details.factor }));

  /** The titles of the factor alerts mailed to `email`. */
  const alertsTo = async (email: string) =>
    (await server().db.select().from(outboxMessages).where(eq(outboxMessages.to, email)))
      .filter((m) => m.template === "factorChangedAlert")
      .map((m) => m.subject.replace(/^[^:]*: /, ""))
      .sort();

  /** Opens the sign-in page of a new authorization request. */
  const loginPage = async (b: TestBrowser) => {
    const t = server();
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    const opened = await b.open(request.url.toString(), t.redirectUri);
    return { config, request, page: await opened.response.text() };
  };

  return { browser, authenticator, openAction, registered, passkeyEvents, alertsTo, loginPage };
};
