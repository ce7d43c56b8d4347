// The change feed trusts its listening connection once a NOTIFY sent from a second connection comes
// back (the probe). When that second connection is refused, the probe's timeout must not leave a
// rejected promise unhandled: Node ends the process on one (a web instance down because the database
// refused one connection). A role allowed one connection refuses the second.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, expect } from "vitest";
import { ChangeFeed } from "@/server/background/change-feed";
import { db } from "../helpers/db";
import { embeddedDatabase, itRequiring, needsPostgres } from "../helpers/requires-postgres";

const role = `perkway_probe_${randomBytes(4).toString("hex")}`;
const password = randomBytes(12).toString("hex");
let url = "";

beforeAll(async () => {
  if (embeddedDatabase) return;
  await db.$executeRawUnsafe(`CREATE ROLE "${role}" LOGIN PASSWORD '${password}' CONNECTION LIMIT 1`);
  const u = new URL(process.env.DATABASE_URL!);
  u.username = role;
  u.password = password;
  url = u.toString();
});
afterAll(async () => {
  if (embeddedDatabase) return;
  await db.$executeRawUnsafe(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '${role}'`);
  await db.$executeRawUnsafe(`DROP ROLE IF EXISTS "${role}"`);
});

itRequiring(needsPostgres("connection limits per role are PostgreSQL's"), "a probe that cannot be sent leaves no unhandled rejection, and the feed stays unhealthy", async () => {
  // The role's one connection is possible: the listening connection gets it, the probe's does not.
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  await check.end();
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => void rejections.push(reason);
  process.on("unhandledRejection", onRejection);
  const feed = new ChangeFeed(() => url);
  try {
    feed.subscribe({ reset: () => {} });
    // Past the probe's 3 s timeout, with a margin for a loaded machine.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(feed.healthy, "a feed whose probe never came back is not trusted").toBe(false);
  } finally {
    await feed.stop();
    process.off("unhandledRejection", onRejection);
  }
  expect(rejections.map(String)).toEqual([]);
}, 30_000);
