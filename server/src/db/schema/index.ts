// Every table of the one Drizzle schema; each module adds its own re-export line.
export * from "./analytics.js";
export * from "./companies.js";
export * from "./identity.js";
export * from "./mail-queue.js";
export * from "./memberships.js";
export * from "./mfa-credentials.js";
export * from "./outbox.js";
export * from "./passkeys.js";
export * from "./password-history.js";
export * from "./persons.js";
export * from "./privacy.js";
export * from "./rate-limits.js";
export * from "./recovery-codes.js";
export * from "./remembered-devices.js";
export * from "./security-events.js";
export * from "./tokens.js";
export * from "./web-targets.js";
