import type { SupportPersonView } from "@portal/contracts";
import type { Result } from "@portal/core";
import type { Command } from "commander";
import type { SupportApi } from "../adapters/support-api.js";
import { type CommandContext, present } from "../command-context.js";
import type { CliFailure } from "../failure.js";
import { pairs } from "../format.js";
import type { Translator } from "../i18n.js";
import { displayTimestamp, emailInput } from "../input.js";

/** The support view of an account (never a secret), by its e-mail address. */
export const collectPersonShow = async (
  email: string,
  support: SupportApi,
): Promise<Result<SupportPersonView, CliFailure>> => {
  const address = emailInput(email);
  return address.ok ? support.showPerson(address.value) : address;
};

/** Open, or closed by a confirmed deletion until its erasure (DELETION_GRACE_DAYS). */
const state = (view: SupportPersonView, t: Translator): string =>
  view.closedAt && view.eraseAt
    ? t.t("person.closed", {
        closedAt: displayTimestamp(view.closedAt),
        eraseAt: displayTimestamp(view.eraseAt),
      })
    : t.t("person.open");

/** Confirmation state, member mapping, second-factor types, company and secured state, aligned. */
export const printPersonShow = (view: SupportPersonView, t: Translator): string => {
  const none = t.t("common.none");
  const text = (value: string | null) => value ?? none;
  const factors = view.mfaTypes.map((type) => t.t(`mfa.${type}`)).join(", ");
  return pairs([
    [t.t("person.id"), view.id],
    [t.t("person.email"), view.email],
    [t.t("person.emailConfirmed"), t.t(view.emailConfirmed ? "common.yes" : "common.no")],
    [t.t("person.memberMapping"), text(view.memberMapping)],
    [t.t("person.memberNumber"), text(view.memberNumber)],
    [t.t("person.mfaTypes"), factors || none],
    [t.t("person.companyName"), text(view.companyName)],
    [t.t("person.crefonummer"), text(view.crefonummer)],
    [t.t("person.unverifiedCrefonummer"), text(view.unverifiedCrefonummer)],
    [t.t("person.createdAt"), displayTimestamp(view.createdAt)],
    [t.t("person.state"), state(view, t)],
    // "This wasn't me": the password signs nobody in until the person's reset by mail.
    [
      t.t("person.secured"),
      view.securedAt
        ? t.t("person.securedSince", { when: displayTimestamp(view.securedAt) })
        : t.t("common.no"),
    ],
    [
      t.t("person.suspendedFactors"),
      view.suspendedFactors > 0
        ? t.t("person.suspendedFactorsWaiting", { count: view.suspendedFactors })
        : t.t("common.none"),
    ],
  ]);
};

/** `portal person show --email ADDRESS`. */
export const registerPersonShow = (person: Command, ctx: CommandContext): void => {
  person
    .command("show")
    .description(ctx.t.t("help.person.show"))
    .requiredOption("--email <address>", ctx.t.t("help.accountEmail"))
    .action((options: { email: string }, command: Command) =>
      ctx.run(
        command,
        async ({ supportApi, t }) =>
          present(await collectPersonShow(options.email, supportApi), (view) => ({
            json: view,
            human: printPersonShow(view, t),
          })),
        { network: true },
      ),
    );
};
