import { freshAccount, registerConfirmedAccount } from "../support/accounts-api.js";
import { signInOverHttp } from "../support/oidc-sign-in.js";
import { Outbox } from "../support/outbox.js";
import { startPortal } from "../support/portal-server.js";
import { median, percentile } from "./stats.js";

export interface SignInFigures {
  readonly runs: number;
  readonly totalP50Ms: number;
  readonly totalP95Ms: number;
  readonly authorizeP50Ms: number;
  readonly passwordP50Ms: number;
  readonly tokenP50Ms: number;
  readonly hashP50Ms: number;
  readonly hashP95Ms: number;
}

/**
 * The sign-in round trip over HTTP (authorize, password form, code, token) `runs` times for
 * one confirmed account, and the server's own argon2id hash (its parameters) `runs` times.
 */
export const measureSignIn = async (runs: number): Promise<SignInFigures> => {
  // The server's hashing function itself, so the figure follows its parameters.
  const { hashPassword } = await import("../../../server/src/security/password-hash.js");
  const hashes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await hashPassword(`Kq7!hash-timing-${i}`);
    hashes.push(performance.now() - t);
  }
  const portal = await startPortal({ companySeedCount: 1_000 });
  try {
    const outbox = new Outbox(portal.url);
    const account = freshAccount("bench-signin");
    await registerConfirmedAccount(portal.url, outbox, account);
    await signInOverHttp(portal.url, account.email, account.password); // warm-up
    const timings = [];
    for (let i = 0; i < runs; i++) {
      timings.push((await signInOverHttp(portal.url, account.email, account.password)).timings);
    }
    return {
      runs,
      totalP50Ms: median(timings.map((t) => t.totalMs)),
      totalP95Ms: percentile(
        timings.map((t) => t.totalMs),
        95,
      ),
      authorizeP50Ms: median(timings.map((t) => t.authorizeMs)),
      passwordP50Ms: median(timings.map((t) => t.passwordMs)),
      tokenP50Ms: median(timings.map((t) => t.tokenMs)),
      hashP50Ms: median(hashes),
      hashP95Ms: percentile(hashes, 95),
    };
  } finally {
    await portal.stop();
  }
};
