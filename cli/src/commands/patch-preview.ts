import { readFile } from "node:fs/promises";
import { API_ROUTES, apiPath, type PatchDocument, Person } from "@portal/contracts";
import { diffPerson, err, ok, type PersonForm, personToForm, type Result } from "@portal/core";
import type { Command } from "commander";
import * as Schema from "effect/Schema";
import { type CommandContext, present } from "../command-context.js";
import { type CliFailure, usageError } from "../failure.js";
import type { Translator } from "../i18n.js";

/**
 * The profile form as a file holds it: any subset of core's PersonForm fields;
 * the fields it leaves out keep the stored person's values. Unknown keys are an
 * error, so a typo never silently previews "no change".
 */
const PersonFormFile = Schema.Struct({
  salutation: Schema.optionalKey(Schema.Literals(["", "MS", "MR", "MX", "UNKNOWN"])),
  title: Schema.optionalKey(Schema.Literals(["", "DR", "PROF"])),
  givenName: Schema.optionalKey(Schema.String),
  surName: Schema.optionalKey(Schema.String),
  birthdayDay: Schema.optionalKey(Schema.String),
  birthdayMonth: Schema.optionalKey(Schema.String),
  birthdayYear: Schema.optionalKey(Schema.String),
  phoneCountry: Schema.optionalKey(Schema.String),
  phoneArea: Schema.optionalKey(Schema.String),
  phoneSubscriber: Schema.optionalKey(Schema.String),
  phoneExtension: Schema.optionalKey(Schema.String),
  position: Schema.optionalKey(Schema.String),
  department: Schema.optionalKey(Schema.String),
  preferredLanguage: Schema.optionalKey(Schema.String),
  consentMarketing: Schema.optionalKey(Schema.Boolean),
  consentRecherche: Schema.optionalKey(Schema.Boolean),
}) satisfies Schema.Decoder<Partial<PersonForm>>;

/** A file's name and its text, as the command read them. */
export interface InputFile {
  readonly name: string;
  readonly text: string;
}

const decodeFile = <T>(
  file: InputFile,
  schema: Schema.Decoder<T>,
  shapeError: "usage.badStored" | "usage.badForm",
): Result<T, CliFailure> => {
  // A form names fields, so an unknown one is a typo; a stored person may come
  // from a newer server with more fields, which diffPerson does not need.
  const onExcessProperty = shapeError === "usage.badForm" ? "error" : "ignore";
  let json: unknown;
  try {
    json = JSON.parse(file.text);
  } catch (error) {
    return err(usageError("usage.badJson", { file: file.name, reason: (error as Error).message }));
  }
  const decoded = Schema.decodeUnknownResult(schema, { onExcessProperty })(json);
  return decoded._tag === "Success"
    ? ok(decoded.success)
    : err(usageError(shapeError, { file: file.name, reason: decoded.failure.message }));
};

/**
 * The JSON Patch core would send for a stored person and a profile form (offline):
 * the same diffPerson the web app uses.
 */
export const collectPatchPreview = (
  stored: InputFile,
  form: InputFile,
): Result<PatchDocument, CliFailure> => {
  const person = decodeFile(stored, Person, "usage.badStored");
  if (!person.ok) return person;
  const changes = decodeFile(form, PersonFormFile, "usage.badForm");
  if (!changes.ok) return changes;
  return ok(diffPerson(person.value, { ...personToForm(person.value), ...changes.value }));
};

/** The request line and the operations, or "no changes". */
export const printPatchPreview = (operations: PatchDocument, t: Translator): string =>
  operations.length === 0
    ? t.t("patch.none")
    : [
        t.t("patch.request", {
          method: API_ROUTES.patchMe.method,
          path: apiPath(API_ROUTES.patchMe),
          contentType: API_ROUTES.patchMe.contentType,
        }),
        JSON.stringify(operations, null, 2),
      ].join("\n");

/** Reads a file for the command; an unreadable file is a usage error. */
export const readInputFile = async (name: string): Promise<Result<InputFile, CliFailure>> => {
  try {
    return ok({ name, text: await readFile(name, "utf8") });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return err(usageError("usage.readFile", { file: name, reason }));
  }
};

/** `portal patch preview --stored FILE --form FILE`. */
export const registerPatchPreview = (patch: Command, ctx: CommandContext): void => {
  patch
    .command("preview")
    .description(ctx.t.t("help.patch.preview"))
    .requiredOption("--stored <file>", ctx.t.t("help.patch.stored"))
    .requiredOption("--form <file>", ctx.t.t("help.patch.form"))
    .action((options: { stored: string; form: string }, command: Command) =>
      ctx.run(command, async ({ t }) => {
        const stored = await readInputFile(options.stored);
        if (!stored.ok) return stored;
        const form = await readInputFile(options.form);
        if (!form.ok) return form;
        return present(collectPatchPreview(stored.value, form.value), (operations) => ({
          json: operations,
          human: printPatchPreview(operations, t),
        }));
      }),
    );
};
