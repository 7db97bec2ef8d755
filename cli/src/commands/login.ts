import type { Result } from "@portal/core";
import type { Command } from "commander";
import type { OidcSession, SignedIn } from "../adapters/oidc-session.js";
import type { DeviceChallenge } from "../adapters/openid-grants.js";
import type { Terminal } from "../adapters/terminal.js";
import { type CommandContext, present } from "../command-context.js";
import type { CliFailure } from "../failure.js";
import { plain } from "../format.js";
import type { Translator } from "../i18n.js";
import { displayTimestamp } from "../input.js";

/** Where to go and which code to enter (the device authorization grant). */
export const printDeviceChallenge = (challenge: DeviceChallenge, t: Translator): string =>
  [
    t.t("login.instructions", { url: challenge.verificationUri, code: challenge.userCode }),
    ...(challenge.verificationUriComplete
      ? [t.t("login.complete", { url: challenge.verificationUriComplete })]
      : []),
  ].join("\n");

/**
 * Signs a staff member in with the device grant: shows the challenge (on stdout, or
 * on stderr with `--json` so stdout keeps one document), then waits for the sign-in.
 */
export const collectLogin = (
  session: OidcSession,
  terminal: Terminal,
  t: Translator,
  json: boolean,
): Promise<Result<SignedIn, CliFailure>> => {
  let waiting = { stop() {} };
  return session
    .signIn((challenge) => {
      const text = printDeviceChallenge(challenge, t);
      if (json) terminal.err(text);
      else terminal.out(text);
      if (!json) waiting = terminal.spinner(t.t("login.waiting"));
    })
    .finally(() => waiting.stop());
};

/** Who signed in, where, and until when the token holds. */
export const printLogin = (signedIn: SignedIn, t: Translator): string =>
  t.t("login.done", {
    issuer: signedIn.issuer,
    who: plain(signedIn.who),
    until: displayTimestamp(new Date(signedIn.expiresAt * 1000).toISOString()),
  });

/** `portal login`. */
export const registerLogin = (program: Command, ctx: CommandContext): void => {
  program
    .command("login")
    .description(ctx.t.t("help.login"))
    .action((_options: unknown, command: Command) =>
      ctx.run(command, async ({ identitySession, terminal, t, settings }) =>
        present(await collectLogin(identitySession, terminal, t, settings.json), (signedIn) => ({
          json: signedIn,
          human: printLogin(signedIn, t),
        })),
      ),
    );
};
