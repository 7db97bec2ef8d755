import { randomBytes } from "node:crypto";
import type { RunningServer } from "@portal/server";
import { HttpSession } from "../../support/http-session.js";
import { REALM, WEB_CLIENT_ID } from "../../support/oidc-sign-in.js";

/** One browser at one of the provider's forms: its cookies and where the form posts. */
export interface OpenForm {
  readonly session: HttpSession;
  readonly action: URL;
}

const formActionIn = (html: string, id: string, base: URL | string): URL => {
  const action = new RegExp(`<form[^>]*id="${id}"[^>]*action="([^"]+)"`).exec(html)?.[1];
  if (!action) throw new Error(`no form #${id} in:\n${html.slice(0, 1500)}`);
  return new URL(action.replace(/&amp;/g, "&"), base);
};

/** Starts a sign-in of the web client and stops at the provider's login form. */
export const openLoginForm = async (origin: string): Promise<OpenForm> => {
  const session = new HttpSession();
  const authorize = new URL(`${origin}/realms/${REALM}/protocol/openid-connect/auth`);
  authorize.search = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    redirect_uri: `${origin}/benutzerverwaltung/`,
    response_type: "code",
    scope: "openid",
    code_challenge: randomBytes(32).toString("base64url"),
    code_challenge_method: "S256",
  }).toString();
  const shown = await session.follow(authorize, () => false);
  const html = (await shown.response?.text()) ?? "";
  return { session, action: formActionIn(html, "kc-form-login", shown.url) };
};

/**
 * Posts `fields` to a form and follows the provider's redirects; the page it ends on
 * (empty when it ends at the web app with a code).
 */
export const postForm = async (
  form: OpenForm,
  fields: Record<string, string>,
): Promise<{ readonly html: string; readonly url: URL }> => {
  const origin = form.action.origin;
  const done = await form.session.follow(
    form.action,
    (u) => u.href.startsWith(`${origin}/benutzerverwaltung/`),
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    },
  );
  return { html: (await done.response?.text()) ?? "", url: done.url };
};

/** Signs in with the password and stops at the second factor's form. */
export const openSecondFactorForm = async (
  origin: string,
  email: string,
  password: string,
): Promise<OpenForm> => {
  const login = await openLoginForm(origin);
  const page = await postForm(login, { username: email, password });
  return { session: login.session, action: formActionIn(page.html, "kc-otp-login-form", page.url) };
};

type Rows = ReadonlyArray<Record<string, unknown>>;

/**
 * One SQL statement on an in-process portal's own database (PGlite or PostgreSQL): both
 * drivers' clients answer `query(text, values)` with `rows`. For facts no answer shows,
 * e.g. how many sign-in attempts were really checked.
 */
export const portalSql = async (
  server: RunningServer,
  text: string,
  values: readonly unknown[] = [],
): Promise<Rows> => {
  const client = (
    server.database.db as unknown as {
      $client: { query(text: string, values: unknown[]): Promise<{ rows: Rows }> };
    }
  ).$client;
  return (await client.query(text, [...values])).rows;
};

/** The sign-in attempts counted so far, over every address (checked attempts only). */
export const countedAttempts = async (server: RunningServer): Promise<number> => {
  const [row] = await portalSql(
    server,
    "select coalesce(sum(failures), 0)::int as n from identity_login_failures",
  );
  return Number(row?.n ?? 0);
};
