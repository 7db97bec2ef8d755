import { Secret, TOTP } from "otpauth";

const PERIOD_MS = 30_000;
/**
 * How long a code may take from here to the provider's check: typing it, the page's submit
 * and the provider's answer on a busy machine.
 */
const IN_FLIGHT_MS = 20_000;

/**
 * Authenticator-app codes computed in the test, like a phone would (6 digits, 30 s).
 * The provider accepts the code of its own 30-s step and of the steps either side (one
 * period of clock drift, server/src/credentials/totp.ts), each step once and in order. So the
 * test never waits for the next period: it takes the earliest step the provider still
 * accepts when the code arrives, and the step after it for the next code.
 */
export class Authenticator {
  readonly #totp: TOTP;
  #lastStep = -1;

  constructor(secretBase32: string) {
    this.#totp = new TOTP({
      secret: Secret.fromBase32(secretBase32.replace(/\s+/g, "").toUpperCase()),
      digits: 6,
      period: PERIOD_MS / 1000,
      algorithm: "SHA1",
    });
  }

  /** The next code the provider has not seen yet, for a check within {@link IN_FLIGHT_MS}. */
  async nextCode(now = Date.now()): Promise<string> {
    const current = this.#totp.counter({ timestamp: now });
    // The provider's step when the code arrives is at most this one: one step back from it
    // is the earliest it still accepts then.
    const arrival = this.#totp.counter({ timestamp: now + IN_FLIGHT_MS });
    const step = Math.max(this.#lastStep + 1, arrival - 1);
    if (step > current + 1) {
      throw new Error(
        `a third authenticator code within ${IN_FLIGHT_MS / 1000} s: the provider accepts the steps ${current - 1} to ${current + 1} and ${this.#lastStep} was used; sign in fewer times with one secret`,
      );
    }
    this.#lastStep = step;
    return this.#totp.generate({ timestamp: step * PERIOD_MS });
  }
}

/** Reads the secret from an `otpauth://` URI or from the plain base32 text. */
export const secretFromText = (text: string): string => {
  const trimmed = text.trim();
  if (trimmed.startsWith("otpauth://")) {
    const secret = new URL(trimmed).searchParams.get("secret");
    if (!secret) throw new Error(`no secret in ${trimmed}`);
    return secret;
  }
  return trimmed.replace(/\s+/g, "");
};
