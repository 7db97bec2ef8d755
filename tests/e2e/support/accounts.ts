import { randomBytes } from "node:crypto";

/** A fresh identity for one journey: nobody else uses the address. */
export interface TestAccount {
  readonly email: string;
  readonly password: string;
  readonly givenName: string;
  readonly surName: string;
}

let counter = 0;

/**
 * A unique test account. The password satisfies spec section 5 (10 to 60 characters,
 * upper, lower, digit, special) and contains neither name nor address, so the
 * server's trivial-value check does not refuse it.
 */
export const uniqueAccount = (label = "user"): TestAccount => {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${randomBytes(3).toString("hex")}`;
  return {
    email: `e2e-${label}-${tag}@example.test`,
    password: uniquePassword(),
    givenName: "Erika",
    surName: "Mustermann",
  };
};

/** A password of the policy that was never used before (history and reuse checks). */
export const uniquePassword = (): string =>
  `Kq7!${randomBytes(6)
    .toString("base64url")
    .replace(/[^A-Za-z0-9]/g, "x")}zT4#`;
