// The ROI report's funnel over its exact window: rollup buckets plus the raw events of the first
// partial hour (get-roi-report.ts), counted by the same per-deal rule as the rollups.
import { describe, expect, it } from "vitest";
import { createPartnerDeal } from "@/server/services/deals";
import { getRoiReport, insertEvents, type NewEvent } from "@/server/services/events";
import { seedPartner } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";

const DAY = 24 * 60 * 60 * 1000;

describe("ROI funnel window", () => {
  it("counts the first partial hour from raw events and the rest from rollups, nothing before the window", async () => {
    const { partner } = await seedPartner();
    const scope = { partnerId: partner.id, environment: "test" as const };
    const member = await createTestMember(scope);
    const deal = (name: string) => createPartnerDeal(scope, { product_name: name, short_description: "x", status: "live", redemption: { method: "url", redeem_url: "https://p.example/" } });
    const [a, b] = [await deal("ROI A"), await deal("ROI B")];
    const now = new Date();
    const start = now.getTime() - 7 * DAY;
    const ev = (eventType: NewEvent["eventType"], at: number, o: Partial<NewEvent> = {}): NewEvent => ({ eventType, memberId: member.id, dealId: null, dealIds: [], clientEventId: null, metadata: null, occurredAt: new Date(at), ...o });
    await insertEvents(scope, [
      // Before the window: never counted.
      ev("deal_list_viewed", start - 60_000, { dealIds: [a.id, b.id] }),
      ev("redeem_url_clicked", start - 60_000, { dealId: a.id }),
      // The window's first partial hour (raw events), and later (rollups).
      ev("deal_list_viewed", start + 60_000, { dealIds: [a.id, b.id] }),
      ev("deal_detail_viewed", start + 60_000, { dealId: a.id }),
      ev("redeem_url_clicked", start + 60_000, { dealId: a.id }),
      ev("deal_list_viewed", now.getTime() - 60_000, { dealIds: [a.id], dealId: b.id }),
      ev("redeem_url_clicked", now.getTime() - 60_000, { dealId: b.id }),
    ]);
    const roi = await getRoiReport(scope, { days: 7, now });
    const row = (id: string) => roi.deals.find((d) => d.deal_id === id);
    expect(row(a.id)).toMatchObject({ listed: 2, viewed: 1, clicked: 1 });
    expect(row(b.id)).toMatchObject({ listed: 2, viewed: 0, clicked: 1 });
    expect(roi.overall).toMatchObject({ listed: 4, viewed: 1, clicked: 2 });
  });
});
