import type { OutboxMessage } from "@portal/contracts";
import { settledAfterReply } from "../../../server/src/persons/after-reply.js";
import { Outbox } from "./outbox.js";

/**
 * The outbox of a portal running in the test's own process: a mail is there once the work
 * the portal does after its answers (and its mail queue) is done, which the process tells
 * (`settledAfterReply`), so the outbox is read once then instead of polled in real time.
 * A portal in another process (a child process, the end-to-end suite's) keeps the polling
 * {@link Outbox}.
 */
export class SettledOutbox extends Outbox {
  override async next(
    to: string,
    match: { linkPath?: string; subject?: RegExp; text?: RegExp } = {},
  ): Promise<OutboxMessage> {
    await settledAfterReply();
    // Everything the portal will send for the calls so far is written: one read decides
    // (a wait of 0 ms, so a missing mail fails at once with the outbox's own message).
    return super.next(to, match, 0);
  }
}
