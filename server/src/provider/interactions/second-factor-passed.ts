import { recordSuccess } from "../../credentials/index.js";
import { withMethod } from "./amr.js";
import type { Flow } from "./flow.js";
import { writeLoginState } from "./login-state.js";
import { rememberIfAsked } from "./remembered-device-step.js";

/**
 * The second factor is proven, by a code (app or e-mail) or a recovery code: the address's
 * failed attempts are forgiven and the interaction records when, with "otp" among its
 * methods; with "Don't ask again on this device" ticked the browser is remembered. One
 * step for both ways, so the two cannot drift apart.
 */
export const recordSecondFactorPassed = async (
  flow: Flow,
  person: { readonly id: string; readonly email: string },
): Promise<void> => {
  const { db, clock } = flow.deps;
  await recordSuccess(db, person.email);
  await rememberIfAsked(flow, person.id);
  const now = clock.now();
  await writeLoginState(
    db,
    flow.uid,
    person.id,
    { secondFactorAt: now, amr: withMethod(flow.state, "otp") },
    now,
  );
};
