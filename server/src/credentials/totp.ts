import { randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

const DIGITS = 6;
const PERIOD_SECONDS = 30;

const totpOf = (secretBase32: string): TOTP =>
  new TOTP({
    secret: Secret.fromBase32(secretBase32),
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });

/** A new random TOTP secret (160 bits, base32). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The secret in groups of four for reading it off the screen. */
export const groupSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** The `otpauth://` URI an authenticator app scans. */
export const otpauthUri = (secretBase32: string, account: string, issuer: string): string =>
  new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secretBase32),
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
  }).toString();

/** The QR code of `text` as a PNG data URL (an inline image: no extra request, CSP img 'data:'). */
export const qrCodeDataUrl = (text: string): Promise<string> =>
  QRCode.toDataURL(text, { errorCorrectionLevel: "M", margin: 1, width: 200 });

/**
 * The time step a code belongs to (one period of clock drift either way), or null when
 * wrong or when that step was already used (`lastUsedStep`): each code works once.
 *
 * @example
 * acceptedStep(secret, "123456", null, clock.now().getTime()); // e.g. 56666666, or null
 */
export const acceptedStep = (
  secretBase32: string,
  code: string,
  lastUsedStep: number | null,
  now: number,
): number | null => {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, window: 1, timestamp: now });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: now }) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
};

/** A random 6-digit e-mail code. */
export const newEmailCode = (): string => String(randomInt(0, 1_000_000)).padStart(DIGITS, "0");
