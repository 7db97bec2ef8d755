import { Secret, TOTP } from "otpauth";

/** Authenticator-app codes computed in the test, like a phone would (6 digits, 30 s). */
export class Authenticator {
  readonly #totp: TOTP;
  #lastCounter = -1;

  constructor(secretBase32: string) {
    this.#totp = new TOTP({
      secret: Secret.fromBase32(secretBase32.replace(/\s+/g, "").toUpperCase()),
      digits: 6,
      period: 30,
      algorithm: "SHA1",
    });
  }

  /**
   * The next code the provider has not seen yet: each code is usable once, so when the
   * current period's code was already used, this waits for the next period.
   */
  async nextCode(): Promise<string> {
    let counter = this.#totp.counter();
    if (counter <= this.#lastCounter) {
      const msLeft = this.#totp.remaining();
      await new Promise((r) => setTimeout(r, msLeft + 200));
      counter = this.#totp.counter();
    }
    this.#lastCounter = counter;
    return this.#totp.generate();
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
