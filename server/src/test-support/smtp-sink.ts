import { createServer, type Server, type Socket } from "node:net";

/** One mail the sink received: envelope and raw message. */
export interface SunkMail {
  readonly from: string;
  readonly to: ReadonlyArray<string>;
  readonly data: string;
}

/** A minimal SMTP server for tests (no TLS, no auth): enough for nodemailer to deliver. */
export interface SmtpSink {
  readonly url: string;
  readonly mails: SunkMail[];
  close(): Promise<void>;
}

const session = (socket: Socket, mails: SunkMail[]) => {
  let buffer = "";
  let inData = false;
  let from = "";
  let to: string[] = [];
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply("220 sink ESMTP");
  socket.on("data", (chunk) => {
    buffer += chunk.toString("utf8");
    for (;;) {
      if (inData) {
        const end = buffer.indexOf("\r\n.\r\n");
        if (end < 0) return;
        mails.push({ from, to, data: buffer.slice(0, end) });
        buffer = buffer.slice(end + 5);
        inData = false;
        reply("250 queued");
        continue;
      }
      const eol = buffer.indexOf("\r\n");
      if (eol < 0) return;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO" || verb === "HELO") reply("250 sink");
      else if (verb === "MAIL") {
        from = /<([^>]*)>/.exec(line)?.[1] ?? "";
        to = [];
        reply("250 ok");
      } else if (verb === "RCPT") {
        to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
        reply("250 ok");
      } else if (verb === "DATA") {
        inData = true;
        reply("354 go ahead");
      } else if (verb === "QUIT") {
        reply("221 bye");
        socket.end();
      } else reply("250 ok");
    }
  });
};

/** Starts the sink on an ephemeral port. */
export const startSmtpSink = async (): Promise<SmtpSink> => {
  const mails: SunkMail[] = [];
  const server: Server = createServer((socket) => session(socket, mails));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("smtp sink has no port");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
