import type { IssuedMembership } from "@portal/contracts";
import type { Result } from "@portal/core";
import type { Command } from "commander";
import type { SupportApi } from "../adapters/support-api.js";
import { type CommandContext, present } from "../command-context.js";
import type { CliFailure } from "../failure.js";
import { pairs } from "../format.js";
import type { Translator } from "../i18n.js";
import { memberNumberInput } from "../input.js";

/** Issues membership credentials for a member number (the local office's job). */
export const collectMembershipIssue = async (
  memberNumber: string,
  support: SupportApi,
): Promise<Result<IssuedMembership, CliFailure>> => {
  const digits = memberNumberInput(memberNumber);
  return digits.ok ? support.issueMembership(digits.value) : digits;
};

/** The mitgliedskennung and the two passwords, with the note that they are shown once. */
export const printMembershipIssue = (issued: IssuedMembership, t: Translator): string =>
  [
    pairs([
      [t.t("membership.memberNumber"), issued.memberNumber],
      [t.t("membership.mitgliedskennung"), issued.mitgliedskennung],
      [t.t("membership.personalPassword"), issued.personalPassword],
      [t.t("membership.generalPassword"), issued.generalPassword],
    ]),
    "",
    t.t("membership.once"),
  ].join("\n");

/** `portal membership issue --member-number N`. */
export const registerMembershipIssue = (membership: Command, ctx: CommandContext): void => {
  membership
    .command("issue")
    .description(ctx.t.t("help.membership.issue"))
    .requiredOption("--member-number <digits>", ctx.t.t("help.membership.memberNumber"))
    .action((options: { memberNumber: string }, command: Command) =>
      ctx.run(
        command,
        async ({ supportApi, t }) =>
          present(await collectMembershipIssue(options.memberNumber, supportApi), (issued) => ({
            json: issued,
            human: printMembershipIssue(issued, t),
          })),
        { network: true },
      ),
    );
};
