import { Writable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { deferredRequestLogger } from "./request-logger.js";

const setup = (level: string, options: { level?: string } = {}) => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const parent = pino({ level, redact: { paths: ["*.password"], censor: "[redacted]" } }, sink);
  const child = vi.spyOn(parent, "child");
  const log = deferredRequestLogger.call(
    undefined,
    parent as unknown as FastifyBaseLogger,
    { correlationId: "c-1" },
    options,
  );
  return { lines, log, child };
};

describe("a request's logger", () => {
  it("builds no pino child while the request writes only below the level", () => {
    const { lines, log, child } = setup("warn");
    log.info("incoming request");
    log.debug({ x: 1 }, "detail");
    log.trace("noise");
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe("warn");
  });

  it("writes lines at enabled levels with the correlation id, redacted, through one child", () => {
    const { lines, log, child } = setup("info");
    log.info({ body: { password: "geheim" } }, "first");
    log.error("second");
    log.debug("dropped");
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { level: 30, correlationId: "c-1", msg: "first", body: { password: "[redacted]" } },
      { level: 50, correlationId: "c-1", msg: "second" },
    ]);
  });

  it("follows a route's own log level", () => {
    const { lines, log } = setup("warn", { level: "debug" });
    log.debug("route detail");
    expect(lines).toMatchObject([{ correlationId: "c-1", msg: "route detail" }]);
  });

  it("hands out children and follows a level change", () => {
    const { lines, log } = setup("warn");
    log.child({ step: "otp" }).warn("from a child");
    log.level = "debug";
    log.debug("now enabled");
    expect(lines).toMatchObject([
      { correlationId: "c-1", step: "otp", msg: "from a child" },
      { correlationId: "c-1", msg: "now enabled" },
    ]);
  });
});
