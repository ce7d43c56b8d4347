// The events write path under concurrency: calls merged into one statement keep their own results,
// and a call that fails does not take the calls merged with it down.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { PartnerScope } from "@/server/scope";
import { insertEvents, type NewEvent } from "@/server/services/events";
import { countEvents } from "../helpers/seed-events-fixtures";
import { readEventWriteFigures } from "@/server/observability/metrics";

const ev = (clientEventId: string | null, o: Partial<NewEvent> = {}): NewEvent => ({
  eventType: "upgrade_cta_clicked", memberId: null, dealId: null, dealIds: [], clientEventId, metadata: null, occurredAt: new Date(), ...o,
});

describe("event writer", () => {
  it("gives each concurrent call its own inserted count, across scopes and repeated ids", async () => {
    const a: PartnerScope = { partnerId: randomUUID(), environment: "live" };
    const b: PartnerScope = { partnerId: randomUUID(), environment: "test" };
    const calls = [
      insertEvents(a, [ev("x"), ev("y"), ev(null)]),
      insertEvents(b, [ev("x"), ev("x"), ev("z")]),
      insertEvents(a, [ev("x"), ev("w")]),
      insertEvents(a, [ev("y")]),
      insertEvents(b, [ev(null), ev(null)]),
    ];
    const results = await Promise.all(calls);
    // a: x, y, null from the first call; the third call adds only w; the fourth nothing.
    expect(results[0] + results[2] + results[3]).toBe(4);
    expect(results[1]).toBe(2);
    expect(results[4]).toBe(2);
    expect(await countEvents(a)).toBe(4);
    expect(await countEvents(b)).toBe(4);
  });

  it("retries merged calls one by one when one of them fails", async () => {
    const shape = (scope: PartnerScope, bad: boolean) =>
      Array.from({ length: 10 }, (_, i) => insertEvents(scope, bad && i === 4 ? [ev(`ok-${i}`), ev(`bad-${i}`, { eventType: "not_a_type" as never })] : [ev(`ok-${i}`)]));
    // Ten calls at once are written as two statements: the first call alone, the nine behind it
    // merged into one (the writer's metrics count committed statements and the calls in them).
    const control: PartnerScope = { partnerId: randomUUID(), environment: "live" };
    const beforeControl = await readEventWriteFigures();
    await Promise.all(shape(control, false));
    const afterControl = await readEventWriteFigures();
    expect([afterControl.statements - beforeControl.statements, afterControl.requests - beforeControl.requests]).toEqual([2, 10]);

    // The same ten with a bad event in the fifth: the merged statement of nine fails (nothing of it
    // committed) and its calls go again one by one, so eight single-call statements commit beside
    // the first call's, and the fifth fails alone.
    const scope: PartnerScope = { partnerId: randomUUID(), environment: "live" };
    const before = await readEventWriteFigures();
    const settled = await Promise.allSettled(shape(scope, true));
    const after = await readEventWriteFigures();
    expect(settled.map((s) => s.status)).toEqual(settled.map((_, i) => (i === 4 ? "rejected" : "fulfilled")));
    expect([after.statements - before.statements, after.requests - before.requests]).toEqual([9, 9]);
    expect(await countEvents(scope)).toBe(9); // the failing call stored nothing, not even ok-4
    expect(await countEvents(scope, "client_event_id = 'ok-4'")).toBe(0);
  });

  it("writes an idle writer's first call at once and merges the calls that arrive meanwhile into one next statement", async () => {
    const scope: PartnerScope = { partnerId: randomUUID(), environment: "live" };
    const before = await readEventWriteFigures();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => insertEvents(scope, [ev(`m-${i}`)])));
    expect(results).toEqual(results.map(() => 1));
    const after = await readEventWriteFigures();
    // One statement in flight (event-writer.ts): the first call alone, the 39 that queued behind it together.
    expect(after.statements - before.statements).toBe(2);
    expect(after.requests - before.requests).toBe(40);
    expect(after.written - before.written).toBe(40);
    expect(await countEvents(scope)).toBe(40);
  });
});

