// For tests of the per-process caches fed by the change feed (src/server/background/change-feed.ts): a
// separate connection that writes plain SQL, as another instance or the CLI would (this process's
// client never sees it), and a poll for the change to arrive.
import pg from "pg";
import { changeFeed } from "@/server/background/change-feed";
import { getHostedPartner } from "@/server/services/partners";

/** Connects "elsewhere" and waits until the feed is subscribed: until then nothing is cached and a
 *  cache test would pass without any invalidation. The embedded PGlite has no feed (its probe
 *  NOTIFY never comes back), so nothing is cached there at all. */
export async function connectElsewhere(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await getHostedPartner("warm-up");
  const embedded = (await client.query<{ v: string }>("SELECT version() AS v")).rows[0].v.includes("PGlite");
  if (!embedded) await eventually(async () => changeFeed().healthy, "change feed subscribed");
  return client;
}

/** Polls for up to 3 s: a notification takes milliseconds (without a change feed every call reads the database). */
export async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 3_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`still stale after 3 s: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
