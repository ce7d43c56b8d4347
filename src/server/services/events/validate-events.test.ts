import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors/app-error";
import { EVENT_TYPES } from "@/server/domain/enums";
import { validateEvents } from "./validate-events";

const now = new Date("2026-11-21T14:00:00.000Z");
const U = "5b0c2d8e-3f41-4a7c-9a51-0f6d2a1b3c4d";
const D = "7e1f0a9b-2c3d-4e5f-8a9b-0c1d2e3f4a5b";

function errorOf(events: unknown[], batch = true) {
  try {
    validateEvents(events, { batch, now });
  } catch (e) {
    if (e instanceof AppError) return { status: e.status, code: e.code, param: e.param };
    throw e;
  }
  return null;
}

describe("validateEvents", () => {
  it("resolves defaults: occurred_at = now, nulls for absent optional fields", () => {
    const [e] = validateEvents([{ event_type: "deal_list_viewed" }], { batch: false, now });
    expect(e).toEqual({ eventType: "deal_list_viewed", memberId: null, dealId: null, dealIds: [], clientEventId: null, metadata: null, occurredAt: now });
  });

  it("applies the per-type field rules to all nine types", () => {
    for (const t of EVENT_TYPES) {
      const nonDeal = t === "deal_list_viewed" || t === "upgrade_cta_clicked";
      expect(errorOf([{ event_type: t }], false), t).toEqual(nonDeal ? null : { status: 400, code: "parameter_missing", param: "user_id" });
      expect(errorOf([{ event_type: t, user_id: U }], false), t).toEqual(nonDeal ? null : { status: 400, code: "parameter_missing", param: "deal_id" });
      // deal_id is accepted on every type (on deal_list_viewed as one listed deal; optional on upgrade_cta_clicked)
      expect(errorOf([{ event_type: t, user_id: U, deal_id: D }], false), t).toBe(null);
      expect(errorOf([{ event_type: t, user_id: U, ...(nonDeal ? {} : { deal_id: D }), deal_ids: [D] }], false), t).toEqual(
        t === "deal_list_viewed" ? null : { status: 400, code: "parameter_invalid", param: "deal_ids" },
      );
    }
  });

  it("bounds occurred_at to [now − 7 days, now + 5 minutes], inclusive", () => {
    const at = (ms: number) => [{ event_type: "upgrade_cta_clicked", occurred_at: new Date(now.getTime() + ms).toISOString() }];
    expect(errorOf(at(5 * 60_000), false)).toBeNull();
    expect(errorOf(at(5 * 60_000 + 1), false)).toEqual({ status: 400, code: "parameter_invalid", param: "occurred_at" });
    expect(errorOf(at(-7 * 86_400_000), false)).toBeNull();
    expect(errorOf(at(-7 * 86_400_000 - 1), false)).toEqual({ status: 400, code: "parameter_invalid", param: "occurred_at" });
  });

  it("refuses metadata over 4 KiB, however deeply nested, as 400", () => {
    let nested: unknown = 1;
    for (let i = 0; i < 200_000; i++) nested = [nested];
    expect(errorOf([{ event_type: "upgrade_cta_clicked", metadata: { k: nested } }], false)).toEqual({ status: 400, code: "parameter_invalid", param: "metadata" });
  });

  it("reports the lowest failing index, whatever the kind of problem", () => {
    const good = { event_type: "deal_redeemed", user_id: U, deal_id: D };
    expect(errorOf([good, { event_type: "deal_redeemed", user_id: U }, { event_type: "nope" }])).toEqual({ status: 400, code: "parameter_missing", param: "events[1].deal_id" });
    expect(errorOf([good, good, { ...good, x: 1 }, { event_type: "deal_redeemed" }])).toEqual({ status: 400, code: "unknown_parameter", param: "events[2].x" });
    expect(errorOf([good, {}])).toEqual({ status: 400, code: "parameter_missing", param: "events[1].event_type" });
    expect(errorOf([good, null])).toEqual({ status: 400, code: "parameter_invalid", param: "events[1]" });
  });
});
