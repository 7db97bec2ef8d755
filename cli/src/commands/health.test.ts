import { ok } from "@portal/core";
import { describe, expect, it } from "vitest";
import type { HealthProbes } from "../adapters/health-api.js";
import { translator } from "../i18n.js";
import { collectHealth, printHealth } from "./health.js";

const ready: HealthProbes = {
  live: true,
  ready: true,
  report: {
    status: "ok",
    database: "pglite",
    migrations: true,
    issuer: "http://portal.test/realms/portal",
  },
};

describe("collectHealth", () => {
  it("asks the probes", async () => {
    expect(await collectHealth({ probe: async () => ok(ready) })).toEqual(ok(ready));
  });
});

describe("printHealth: liveness, readiness, database kind, identity issuer", () => {
  it("a ready portal", () => {
    expect(printHealth(ready, translator("en"))).toBe(
      [
        "Liveness            ok",
        "Readiness           ok",
        "Database            pglite",
        "Migrations applied  yes",
        "Identity issuer     http://portal.test/realms/portal",
      ].join("\n"),
    );
  });
  it("a live portal whose database is down", () => {
    const text = printHealth(
      {
        live: true,
        ready: false,
        report: {
          status: "unavailable",
          database: "postgres",
          migrations: false,
          issuer: "https://id.example/realms/portal",
        },
      },
      translator("de"),
    );
    expect(text).toContain("Bereitschaft            nicht verfügbar");
    expect(text).toContain("Datenbank               postgres");
    expect(text).toContain("Migrationen angewendet  nein");
  });
  it("no readiness report at all", () => {
    const text = printHealth({ live: false, ready: false, report: null }, translator("en"));
    expect(text).toContain("Liveness            unavailable");
    expect(text).toContain("Database            -");
  });
});
