import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("../../scripts/keycloak.sh", import.meta.url));

/** `bash scripts/keycloak.sh <command>`; its output, or a throw when it exits non-zero. */
export const keycloak = (command: "up" | "down" | "status", env: Record<string, string> = {}) =>
  execFileSync("bash", [script, command], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });

/** The value of a `NAME=value` line of `up`'s output. */
export const printed = (output: string, name: string): string => {
  const match = new RegExp(`(?:^|\\s)${name}=(\\S+)$`, "m").exec(output);
  if (!match?.[1]) throw new Error(`keycloak.sh up printed no ${name}:\n${output}`);
  return match[1];
};
