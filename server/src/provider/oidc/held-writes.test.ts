import { sql } from "drizzle-orm";
import Fastify from "fastify";
import type Provider from "oidc-provider";
import { describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client.js";
import { holdWrite, withRequestCache } from "../../db/request-cache.js";
import { sendHeldWritesBeforeAnswers, sendHeldWritesBeforeReplies } from "./held-writes.js";

// A request's held writes that fail make its answer a failure (issue 48): no redirect or
// token goes out for writes the database does not hold. The database here fails every
// statement; the real ones are in drizzle-adapter.test.ts and sign-in-statements.test.ts.

const failing = {
  execute: async () => Promise.reject(new Error("database away")),
} as unknown as Db;
const sent: string[] = [];
const working = {
  execute: async () => {
    sent.push("statement");
  },
} as unknown as Db;

type Middleware = (ctx: Record<string, unknown>, next: () => Promise<void>) => Promise<void>;

const providerWith = () => {
  let middleware: Middleware | undefined;
  const emit = vi.fn();
  const provider = { use: (fn: Middleware) => (middleware = fn), emit } as unknown as Provider;
  const renderError = vi.fn(async (ctx: Record<string, unknown>) => {
    ctx.body = "<p>error page</p>";
  });
  sendHeldWritesBeforeAnswers(provider, renderError as never);
  const run = (body: unknown, db: Db) => {
    const ctx: Record<string, unknown> = { body, status: 200, remove: vi.fn() };
    return withRequestCache(async () => {
      await middleware?.(ctx, async () => {
        await holdWrite(db, "row", sql`select 1`);
      });
      return ctx;
    });
  };
  return { run, emit, renderError };
};

describe("held writes before the answer", () => {
  it("turns the provider's JSON answer into server_error when they fail", async () => {
    const { run, emit } = providerWith();
    const ctx = await run({ access_token: "t" }, failing);
    expect(ctx.status).toBe(500);
    expect(ctx.body).toMatchObject({ error: "server_error" });
    expect(emit).toHaveBeenCalledWith("server_error", ctx, expect.any(Error));
  });

  it("turns a redirect into the provider's error page when they fail", async () => {
    const { run, renderError } = providerWith();
    const ctx = await run("Redirecting to app", failing);
    expect(ctx.status).toBe(500);
    expect(ctx.remove).toHaveBeenCalledWith("location");
    expect(renderError).toHaveBeenCalled();
    expect(ctx.body).toBe("<p>error page</p>");
  });

  it("sends them and leaves the answer as it is", async () => {
    const { run } = providerWith();
    sent.length = 0;
    const ctx = await run({ access_token: "t" }, working);
    expect(sent).toEqual(["statement"]);
    expect(ctx).toMatchObject({ status: 200, body: { access_token: "t" } });
  });

  it("fails a sign-in page's reply when they fail, and sends nothing of it", async () => {
    const app = Fastify();
    sendHeldWritesBeforeReplies(app);
    app.get("/step", (_request, reply) =>
      withRequestCache(async () => {
        await holdWrite(failing, "row", sql`select 1`);
        return reply.redirect("/signed-in", 303);
      }),
    );
    app.get("/plain", async () => "no writes");
    const res = await app.inject({ url: "/step" });
    expect(res.statusCode).toBe(500);
    expect(res.headers.location).toBeUndefined();
    expect((await app.inject({ url: "/plain" })).body).toBe("no writes");
    await app.close();
  });
});
