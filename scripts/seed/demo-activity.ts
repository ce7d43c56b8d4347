// Members, private deals and a month of activity for one demo partner, in Sandbox and in Live (the
// portal opens on Live: an empty Live made the demo look dead, issue 53.5), through the services.
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import type { EventType } from "@/server/domain/enums";
import { createMembersBatch } from "@/server/services/members";
import { createPartnerDeal, updatePartnerDeal } from "@/server/services/deals";
import { parseWith } from "@/server/errors/parse-with";
import { partnerDealCreateSchema, partnerDealUpdateSchema } from "@/server/schemas/deal.schema";
import { insertEvents, type NewEvent } from "@/server/services/events";
import type { PartnerDto } from "@/server/services/partners";
import type { Environment } from "@/server/scope";
import type { DemoPartnerSpec } from "./demo-partners";
import { demoMembers } from "./demo-people";

export async function seedPartnerActivity(partner: PartnerDto, spec: DemoPartnerSpec, deals: { slug: string; id: string }[]) {
  const random = seededRandom(partner.subdomain);
  for (const environment of ["test", "live"] as const satisfies Environment[]) {
    const scope = { partnerId: partner.id, environment };
    const people = demoMembers(spec.members[environment], partner.subdomain, environment, random);
    const results = await createMembersBatch(scope, people, hostedAppConfig());
    const memberIds = results.flatMap((r) => (r.status === "error" ? [] : [r.user.id]));
    await seedPrivateDeals(scope, partner);
    await seedEvents(scope, memberIds, deals.map((d) => d.id), random);
  }
}

async function seedPrivateDeals(scope: { partnerId: string; environment: Environment }, partner: PartnerDto) {
  const live = await createPartnerDeal(scope, parseWith(partnerDealCreateSchema, {
    product_name: `${partner.name} Office Hours`,
    short_description: "Book a 30-minute session with our platform team on hiring, fundraising or go-to-market.",
    long_description: "Our partners hold weekly office hours for members. Pick a slot, tell us what you are working on, and we will match you with the right person.",
    perk_description: "Free 1:1 session with the platform team",
    market_value: "$500",
    est_value: 500,
    tags: ["exclusive"],
    redemption: { method: "url", instructions: "<p>Pick a slot on the booking page. Use the email you signed in with: <strong>{{email}}</strong>.</p>", redeem_url: `https://${partner.subdomain}.example/office-hours?member={{user_id}}` },
  }));
  await updatePartnerDeal(scope, live.id, parseWith(partnerDealUpdateSchema, { status: "live" }));
  await createPartnerDeal(scope, parseWith(partnerDealCreateSchema, {
    product_name: `${partner.name} Demo Day Pass`,
    short_description: "Two tickets to our next demo day, with investor introductions for selected teams.",
    redemption: { method: "inquiry", instructions: "<p>Tell us about your company and we will send the tickets.</p>", contact_email: `events@${partner.subdomain}.example` },
  }));
}

/** Thirty days of plausible activity; written as history (bypassing the API's 7-day bound). The
 *  events go through the same writer as the hosted app's (redemption source "member"), so each
 *  member's first deal_redeemed of a deal leaves its redemption record, as a real member's does:
 *  Analytics, the ROI report, Platform and GET /v1/redemptions then agree on the demo (issue 44). */
async function seedEvents(scope: { partnerId: string; environment: Environment }, memberIds: string[], dealIds: string[], random: () => number) {
  if (!memberIds.length || !dealIds.length) return;
  const popular = dealIds.slice(0, 24);
  const pick = <T,>(xs: T[]) => xs[Math.floor(random() * random() * xs.length)];
  const events: NewEvent[] = [];
  const now = Date.now();
  for (let day = 29; day >= 0; day--) {
    const sessions = 6 + Math.floor(random() * 10) + Math.floor((30 - day) / 3);
    for (let s = 0; s < sessions; s++) {
      const memberId = pick(memberIds);
      const at = (offsetMinutes: number) => new Date(now - day * 86_400_000 - Math.floor(random() * 86_000_000) + offsetMinutes * 60_000);
      const base = { memberId, dealIds: [] as string[], clientEventId: null, metadata: null };
      // The member opens a deal from the page of the list that showed it (12 cards a page): every
      // viewed deal was listed, as in the hosted app (a deal viewed but never listed read as a
      // data error on the ROI report, issue 53.2).
      const dealId = pick(popular);
      const page = Math.floor(popular.indexOf(dealId) / 12) * 12;
      events.push({ ...base, eventType: "deal_list_viewed", dealId: null, dealIds: popular.slice(page, page + 12), occurredAt: at(0) });
      const steps: EventType[] = ["deal_detail_viewed"];
      if (random() < 0.6) steps.push("instructions_viewed");
      if (random() < 0.4) steps.push("redeem_url_clicked");
      if (random() < 0.3) steps.push("deal_redeemed");
      steps.forEach((eventType, i) => events.push({ ...base, eventType, dealId, occurredAt: at(i + 1) }));
      if (random() < 0.08) events.push({ ...base, eventType: "upgrade_cta_clicked", dealId: null, occurredAt: at(6) });
    }
  }
  for (const e of events) if (e.occurredAt.getTime() > now) e.occurredAt = new Date(now - 60_000);
  events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime()); // a record keeps the first redemption's time
  for (let i = 0; i < events.length; i += 500) await insertEvents(scope, events.slice(i, i + 500), { redemptionSource: "member" });
}

/** Deterministic per partner, so two demo databases look alike. */
function seededRandom(seed: string): () => number {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}
