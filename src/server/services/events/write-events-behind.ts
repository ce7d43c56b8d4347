// Events written behind the response, for the tracked-link redirect (services/tracking/clicks.ts): a
// member on their way to a provider must not wait on analytics, nor be refused when the events
// writer is slow or the database briefly unreachable. What attribution needs is already durable
// before the link is ever shown (the click row, made with the instructions); the redeem_url_clicked
// event of a follow is queued here, written within LINGER_MS in one statement with its neighbours
// (event-writer.ts merges them: fewer, larger statements leave the CPU to the redirects), retried
// with backoff, and drained at shutdown (scripts/start.ts). Only a process killed outright loses
// the last few milliseconds of clicks (docs/decisions/provider-conversions.md).
import type { PartnerScope } from "@/server/scope";
import { errorFields, logger } from "@/server/observability/logger";
import { writeEvents, type EventRow } from "./event-writer";
import { toEventRows, type NewEvent } from "./insert-events";

const LINGER_MS = 20;
const MAX_ATTEMPTS = 6; // backoff 0.25, 0.5, 1, 2, 4 s: a database restart is ridden out
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let queued: EventRow[][] = [];
let timer: NodeJS.Timeout | null = null;
const writing = new Set<Promise<void>>();

/** Queues one call's events (all or nothing, as insertEvents) and returns at once. */
export function insertEventsBehind(scope: PartnerScope, events: readonly NewEvent[]): void {
  const rows = toEventRows(scope, events);
  if (rows.length === 0) return;
  queued.push(rows);
  timer ??= setTimeout(flushQueued, LINGER_MS);
}

function flushQueued() {
  timer = null;
  const calls = queued;
  queued = [];
  // One writeEvents per call: the writer merges them into one statement, and if that fails retries
  // them one by one, so one bad call (a member deleted meanwhile) never takes the others with it.
  for (const rows of calls) {
    const p: Promise<void> = writeWithRetry(rows).finally(() => writing.delete(p));
    writing.add(p);
  }
}

async function writeWithRetry(rows: EventRow[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await writeEvents(rows);
      return;
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS) {
        logger().error({ ...errorFields(err), events: rows.length, event_type: rows[0]?.event_type, request_id: rows[0]?.request_id }, "events written behind the response were lost after retries");
        return;
      }
      await sleep(125 * 2 ** attempt);
    }
  }
}

/** Writes what is queued and waits for it (at most `timeoutMs`): at shutdown, and in tests. */
export async function drainEventsBehind(timeoutMs = 10_000): Promise<void> {
  if (timer) {
    clearTimeout(timer);
    flushQueued();
  }
  if (writing.size === 0) return;
  let timeout: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled([...writing]), new Promise((r) => (timeout = setTimeout(r, timeoutMs)))]);
  clearTimeout(timeout);
}
