// src/server/db/pglite-queue-fix.ts replaces a private method of @electric-sql/pglite-socket's query queue
// (pglite#1046). package.json pins the exact version it was written against; this fails when the pin
// and node_modules disagree, when the queue no longer has the shape the patch replaces, or when the
// patched server no longer keeps two connections' extended-protocol batches apart.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "@/server/db/embedded";
import { pinExtendedProtocolBatches } from "@/server/db/pglite-queue-fix";

const ROOT = path.resolve(import.meta.dirname, "../..");
const json = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8"));

describe("@electric-sql/pglite-socket and the queue fix", () => {
  it("is pinned to the exact version installed, in package.json and the lock file", () => {
    const installed = json("node_modules/@electric-sql/pglite-socket/package.json").version as string;
    expect(installed).toMatch(/^0\.2\.\d+$/); // the fix names 0.2.x (pglite#1046)
    expect(json("package.json").dependencies["@electric-sql/pglite-socket"]).toBe(installed);
    const lock = json("package-lock.json");
    expect(lock.packages[""].dependencies["@electric-sql/pglite-socket"]).toBe(installed);
    expect(lock.packages["node_modules/@electric-sql/pglite-socket"].version).toBe(installed);
  });

  it("the queue has the shape the fix replaces, and the fix installs on it", async () => {
    const db = await PGlite.create();
    try {
      const server = new PGLiteSocketServer({ db, port: 1, host: "127.0.0.1" }); // not started
      const q = (server as unknown as { queryQueue: Record<string, unknown> }).queryQueue;
      expect(q).toBeDefined();
      expect(Array.isArray(q.queue)).toBe(true);
      expect(q.processing).toBe(false);
      expect(q.lastHandlerId).toBeNull();
      expect(q.db).toBe(db);
      const proto = Object.getPrototypeOf(q) as Record<string, (...args: unknown[]) => unknown>;
      for (const method of ["enqueue", "processQueue", "clearQueueForHandler"]) expect(typeof proto[method], method).toBe("function");
      // enqueue and clearQueueForHandler schedule through this.processQueue, so the instance's own wins
      expect(proto.enqueue.toString()).toContain("this.processQueue()");
      // what the replacement scheduler calls on the session
      for (const method of ["isInTransaction", "runExclusive", "execProtocolRawStream"]) expect(typeof (db as unknown as Record<string, unknown>)[method], method).toBe("function");

      expect(pinExtendedProtocolBatches(server)).toBe(true);
      expect(Object.hasOwn(q, "processQueue") && q.processQueue !== proto.processQueue).toBe(true);
      expect(Object.hasOwn(q, "clearQueueForHandler") && q.clearQueueForHandler !== proto.clearQueueForHandler).toBe(true);
      expect(pinExtendedProtocolBatches({})).toBe(false);
    } finally {
      await db.close();
    }
  }, 60_000);

  it("two connections' interleaved extended-protocol batches each get their own answers (fails without the fix)", async () => {
    // Message by message over raw sockets, as a driver that does not send a whole batch at once: A parses
    // a two-parameter statement, B parses a one-parameter one, then each binds and executes. Unpatched,
    // B's Parse replaces the unnamed statement between A's Parse and Bind ("bind message supplies 2
    // parameters, but prepared statement "" requires 1").
    const embedded = await startEmbeddedPostgres({ dir: null });
    const a = await ProtocolConnection.open(embedded.url);
    const b = await ProtocolConnection.open(embedded.url);
    try {
      const aDone = a.responsesUntilReady();
      const bDone = b.responsesUntilReady();
      a.send(parse("SELECT $1::int + $2::int AS n"));
      await sleep(100);
      b.send(parse("SELECT $1::text AS t"));
      await sleep(100);
      a.send(bind(["41", "1"]), execute(), sync());
      await sleep(100);
      b.send(bind(["hello"]), execute(), sync());
      const [fromA, fromB] = await Promise.all([aDone, bDone]);
      expect(fromA.errors).toEqual([]);
      expect(fromB.errors).toEqual([]);
      expect(fromA.values).toEqual(["42"]);
      expect(fromB.values).toEqual(["hello"]);
    } finally {
      a.close();
      b.close();
      await embedded.stop({ waitForClientsMs: 0 });
    }
  }, 60_000);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One frontend message: type byte, length, body. */
function message(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const cstr = (s: string) => Buffer.from(`${s}\0`, "utf8");
const int16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const parse = (sql: string) => message("P", cstr(""), cstr(sql), int16(0));
const bind = (values: string[]) =>
  message("B", cstr(""), cstr(""), int16(0), int16(values.length), ...values.flatMap((v) => [int32(Buffer.byteLength(v)), Buffer.from(v)]), int16(0));
const execute = () => message("E", cstr(""), int32(0));
const sync = () => message("S");

/** A bare PostgreSQL protocol connection (startup without a password, as the embedded server takes it). */
class ProtocolConnection {
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async open(url: string): Promise<ProtocolConnection> {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const conn = new ProtocolConnection(socket);
    const params = Buffer.concat([cstr("user"), cstr("postgres"), cstr("database"), cstr("postgres"), cstr("")]);
    socket.write(Buffer.concat([int32(params.length + 8), int32(196608), params]));
    await conn.responsesUntilReady();
    return conn;
  }

  send(...messages: Buffer[]): void {
    this.socket.write(Buffer.concat(messages));
  }

  private async next(): Promise<{ type: string; body: Buffer }> {
    while (this.buffer.length < 5 || this.buffer.length < 1 + this.buffer.readInt32BE(1)) await new Promise<void>((r) => this.waiters.push(r));
    const length = this.buffer.readInt32BE(1);
    const msg = { type: String.fromCharCode(this.buffer[0]), body: this.buffer.subarray(5, 1 + length) };
    this.buffer = this.buffer.subarray(1 + length);
    return msg;
  }

  /** The first column of each DataRow and the message of each ErrorResponse, up to ReadyForQuery. */
  async responsesUntilReady(): Promise<{ values: (string | null)[]; errors: string[] }> {
    const values: (string | null)[] = [];
    const errors: string[] = [];
    for (;;) {
      const { type, body } = await this.next();
      if (type === "Z") return { values, errors };
      if (type === "D") {
        const len = body.readInt32BE(2);
        values.push(len < 0 ? null : body.subarray(6, 6 + len).toString("utf8"));
      }
      if (type === "E") {
        const fields = body.toString("utf8").split("\0");
        errors.push(fields.find((f) => f.startsWith("M"))?.slice(1) ?? "error");
      }
    }
  }

  close(): void {
    this.socket.end();
  }
}
