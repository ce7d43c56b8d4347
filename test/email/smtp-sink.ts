// A real SMTP server in the test process (smtp-server), each accepted message parsed with mailparser.
// `refuse(n)`: the next n messages are refused with a temporary error (451) at the end of DATA;
// `hold()`: messages are received but not answered until released (a sender that dies mid-send).
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type SmtpSink = {
  url: string;
  port: number;
  received: ParsedMail[];
  /** every DATA the server saw, refused ones included */
  attempts: number;
  /** DATA the server saw for this recipient, refused and held ones included */
  attemptsTo(address: string): number;
  /** the next n messages (to `address` only, when given) are refused */
  refuse(n: number, address?: string): void;
  /** messages (to `address` only, when given) are received but never answered */
  hold(on: boolean, address?: string): void;
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  to(address: string): ParsedMail[];
  close(): Promise<void>;
};

export async function startSmtpSink(): Promise<SmtpSink> {
  let refusals = 0;
  let refuseTo: string | undefined;
  let holding = false;
  let holdTo: string | undefined;
  const received: ParsedMail[] = [];
  const attemptedTo: string[] = [];
  const sink = { attempts: 0 } as SmtpSink;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    onAuth(_auth, _session, cb) {
      cb(null, { user: "test" });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        sink.attempts++;
        for (const r of session.envelope.rcptTo) attemptedTo.push(r.address);
        const held = holding && (!holdTo || session.envelope.rcptTo.some((r) => r.address === holdTo));
        if (held) return; // never answered: the sender times out or dies
        const mine = !refuseTo || session.envelope.rcptTo.some((r) => r.address === refuseTo);
        if (refusals > 0 && mine) {
          refusals--;
          const err = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return cb(err);
        }
        received.push(await simpleParser(Buffer.concat(chunks)));
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    refuse(n: number, address?: string) {
      refusals = n;
      refuseTo = address;
    },
    attemptsTo(address: string) {
      return attemptedTo.filter((a) => a === address).length;
    },
    hold(on: boolean, address?: string) {
      holding = on;
      holdTo = address;
    },
    async waitFor(n: number, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${n} emails (got ${received.length})`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    to(address: string) {
      return received.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.value.some((v) => v.address === address)));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
