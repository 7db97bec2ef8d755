import type { Database } from "../db/client.js";
import type { MailTokenKind, PersonRow } from "../db/schema/index.js";
import { issueToken, retireTokens } from "./mail-tokens.js";
import { lockPerson } from "./person-store.js";

/** A link issued for the person who holds an address at the moment it was issued. */
export interface AddressToken {
  /** The person as locked: the mail goes to this row's address, not to one read before. */
  readonly person: PersonRow;
  readonly token: string;
}

/**
 * Issues a mailed link of `kind` to `person`'s address under the person's row lock, and
 * only while the row still has the address it was found by (`person.email`) and `may`
 * holds. A confirmed e-mail change takes the same lock and retires every open link of the
 * person, so a link comes either before it (and is retired) or after it (and is not
 * issued for the old address): a reset or opt-in asked for by the old address never
 * reaches it once the account has moved. `replace` retires the open links of that kind
 * first (a resend: the older link stops working). Undefined when nothing was issued.
 *
 * @example
 * const issued = await issueTokenForAddress(database, person, { kind: "PASSWORD_RESET", now });
 * if (issued) await send(issued.person.email, issued.token);
 */
export const issueTokenForAddress = (
  database: Database,
  person: PersonRow,
  input: {
    // A restore link is issued only by an account's closing (account-closure.ts).
    readonly kind: Exclude<MailTokenKind, "ACCOUNT_RESTORE">;
    readonly now: Date;
    readonly replace?: boolean;
    readonly payload?: Record<string, string>;
    readonly may?: (locked: PersonRow) => boolean;
  },
): Promise<AddressToken | undefined> =>
  database.transaction(async (tx) => {
    const locked = await lockPerson(tx, person.id);
    if (!locked || locked.email !== person.email) return undefined;
    if (input.may && !input.may(locked)) return undefined;
    if (input.replace) await retireTokens(tx, locked.id, input.kind, input.now);
    const token = await issueToken(tx, {
      kind: input.kind,
      personId: locked.id,
      now: input.now,
      ...(input.payload ? { payload: input.payload } : {}),
    });
    return { person: locked, token };
  });
