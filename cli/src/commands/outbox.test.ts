import type { OutboxMessages } from "@portal/contracts";
import { httpFailure } from "@portal/core";
import { describe, expect, it } from "vitest";
import { translator } from "../i18n.js";
import { fakeOutbox } from "../testing/fakes.js";
import { collectOutbox, printOutbox } from "./outbox.js";

const mails: OutboxMessages = [
  {
    id: "m2",
    to: "erika@example.de",
    subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse",
    html: null,
    text: "Hallo Erika,\nbitte bestätigen Sie: http://portal.test/benutzerverwaltung/registrierung-bestaetigen?optinId=abc\n",
    links: ["http://portal.test/benutzerverwaltung/registrierung-bestaetigen?optinId=abc"],
    createdAt: "2026-03-05T10:05:00.000Z",
  },
  {
    id: "m1",
    to: "max@example.de",
    subject: "Welcome",
    text: "Hello",
    html: "<p>Hello</p>",
    links: [],
    createdAt: "2026-03-04T09:00:00.000Z",
  },
];

describe("collectOutbox", () => {
  it("lists every mail, newest first as the portal answers", async () => {
    const fake = fakeOutbox(mails);
    expect(await collectOutbox({}, fake.port)).toEqual({
      ok: true,
      value: { kind: "list", messages: mails },
    });
    expect(fake.filters).toEqual([undefined]);
  });
  it("--to filters by address", async () => {
    const fake = fakeOutbox(mails);
    const result = await collectOutbox({ to: "max@example.de" }, fake.port);
    expect(result).toEqual({ ok: true, value: { kind: "list", messages: [mails[1]] } });
    expect(fake.filters).toEqual(["max@example.de"]);
  });
  it("--open N gives the N-th mail of the list", async () => {
    expect(await collectOutbox({ open: "2" }, fakeOutbox(mails).port)).toEqual({
      ok: true,
      value: { kind: "message", number: 2, message: mails[1] },
    });
  });
  it.each(["0", "-1", "x", "1.5", ""])("--open %s is a usage error", async (open) => {
    const fake = fakeOutbox(mails);
    expect(await collectOutbox({ open }, fake.port)).toMatchObject({
      ok: false,
      error: { _tag: "Usage", message: { key: "usage.positive" } },
    });
    expect(fake.filters).toEqual([]);
  });
  it("a malformed --to is a usage error", async () => {
    expect(await collectOutbox({ to: "max" }, fakeOutbox(mails).port)).toMatchObject({
      ok: false,
      error: { _tag: "Usage", message: { key: "usage.email" } },
    });
  });
  it("--open past the end fails and says how many there are", async () => {
    expect(await collectOutbox({ open: "3" }, fakeOutbox(mails).port)).toMatchObject({
      ok: false,
      error: {
        _tag: "Failed",
        message: { key: "error.openOutOfRange", params: { n: 3, count: 2 } },
      },
    });
  });
  it("a portal with SMTP has no outbox (404): says so", async () => {
    const url = "http://portal.test/outbox/api/messages";
    const none = httpFailure({ status: 404, url, body: [{ errorCode: "NOT_FOUND" }] });
    expect(await collectOutbox({}, fakeOutbox(none).port)).toMatchObject({
      ok: false,
      error: { _tag: "Failed", message: { key: "error.noOutbox", params: { url } } },
    });
  });

  it("passes an unreachable portal on", async () => {
    const down = httpFailure({
      status: 0,
      url: "http://portal.test/outbox/api/messages",
      message: "ECONNREFUSED",
    });
    expect(await collectOutbox({}, fakeOutbox(down).port)).toMatchObject({
      ok: false,
      error: { _tag: "Http" },
    });
  });
});

describe("printOutbox", () => {
  it("a numbered table and how to open one", () => {
    expect(printOutbox({ kind: "list", messages: mails }, translator("en"))).toBe(
      [
        "#  Date                  To                Subject",
        "1  05.03.2026 10:05 UTC  erika@example.de  Bitte bestätigen Sie Ihre E-Mail-Adresse",
        "2  04.03.2026 09:00 UTC  max@example.de    Welcome",
        "",
        "Read one with `portal outbox --open N`.",
      ].join("\n"),
    );
  });
  it("an empty outbox", () => {
    expect(printOutbox({ kind: "list", messages: [] }, translator("de"))).toBe(
      "Der Postausgang enthält keine E-Mail für diesen Filter.",
    );
  });
  it("one mail with its text and links", () => {
    const text = printOutbox({ kind: "message", number: 1, message: mails[0]! }, translator("en"));
    expect(text).toContain("Subject  Bitte bestätigen Sie Ihre E-Mail-Adresse");
    expect(text).toContain("Hallo Erika,\nbitte bestätigen Sie:");
    expect(text).toContain(
      "Links:\n  http://portal.test/benutzerverwaltung/registrierung-bestaetigen?optinId=abc",
    );
  });
});
