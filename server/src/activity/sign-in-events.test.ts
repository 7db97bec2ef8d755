import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { persons, securityEvents } from "../db/schema/index.js";
import type { Mailer, MailRequest, MailTemplateName } from "../mail/mailer.js";
import { databases, openTestDatabase } from "../test-support/databases.js";
import { recordSignIn } from "./sign-in-events.js";

// The "new device" claim is one insert: of N sign-ins recorded at once from a device not
// seen before, exactly one records the event and sends the alert.

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const EDGE =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";

describe.each(databases)("recordSignIn on $name", (target) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(() => database?.close());

  it("records one new device and sends one alert for 12 parallel sign-ins", async () => {
    const db = database.db;
    const [person] = await db
      .insert(persons)
      .values({
        email: `race.${Date.now()}@example.org`,
        passwordHash: "x",
        givenName: "E",
        surName: "M",
      })
      .returning();
    if (!person) throw new Error("no person");
    const sent: MailRequest<MailTemplateName>[] = [];
    const mailer: Mailer = {
      transport: "outbox",
      send: async (mail) => {
        sent.push(mail as MailRequest<MailTemplateName>);
      },
    };
    const deps = { db, mailer, publicUrl: "http://portal.test", log: pino({ level: "silent" }) };
    await recordSignIn(deps, person, { userAgent: FIREFOX, ip: "10.1.2.3" });
    await Promise.all(
      Array.from({ length: 12 }, () =>
        recordSignIn(deps, person, { userAgent: EDGE, ip: "10.1.2.4" }),
      ),
    );
    const events = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.personId, person.id), eq(securityEvents.kind, "new-device")));
    expect(events).toHaveLength(1);
    expect(events[0]?.details).toEqual({
      browser: "Microsoft Edge",
      os: "Windows",
      address: "10.1.2.x",
    });
    expect(sent.map((m) => m.template)).toEqual(["newDeviceAlert"]);
  });
});
