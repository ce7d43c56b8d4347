// The portal inbox (inbox.* tRPC): access requests and inquiries in one list with filters and search,
// the navigation count, single and bulk decisions (two approvals at once: one wins, the other
// CONFLICT), replies by email (outbox), closing, the export's rows, and isolation: another partner's
// or environment's items are neither listed nor decidable.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { requestDealAccess } from "@/server/services/access-requests";
import { submitHostedInquiry } from "@/server/services/deals";
import { seedServicepassDeals } from "../helpers/seed-deals";
import { createTestMember } from "../helpers/seed-members";
import { seedPortalPartner, trpcError } from "./portal-fixtures";
import { itOnPostgres } from "../helpers/requires-postgres";

type Portal = Awaited<ReturnType<typeof seedPortalPartner>>;

let dealId: string;
let inquiryDealId: string;
let dealName: string;
beforeAll(async () => {
  const { ids, slugs } = await seedServicepassDeals([
    { approval_required: true, approval_time: "2 business days", product_name: `Approval deal ${Date.now()}` },
    { redemption: { method: "inquiry", contact_email: "deals@example.com" } },
  ]);
  dealId = ids[slugs[0]];
  inquiryDealId = ids[slugs[1]];
  dealName = (await db.deal.findUniqueOrThrow({ where: { id: dealId } })).productName;
});

async function withItems(p: Portal, environment: "live" | "test" = "live") {
  const scope = { partnerId: p.partnerId, environment };
  const alice = await createTestMember(scope, { email: `alice-${p.partnerId.slice(0, 8)}@example.com` });
  const bob = await createTestMember(scope, { email: `bob-${p.partnerId.slice(0, 8)}@example.com` });
  const ra = await requestDealAccess(scope, dealId, { user_id: alice.id, message: "We are a seed startup" });
  const rb = await requestDealAccess(scope, dealId, { user_id: bob.id });
  const member = await db.member.findUniqueOrThrow({ where: { id: alice.id } });
  const inq = await submitHostedInquiry({ scope, member }, { deal_id: inquiryDealId, message: "Does it work for agencies?", company: "Acme" });
  return { alice, bob, requests: [ra.request, rb.request], inquiryId: inq.id };
}

describe("inbox", () => {
  it("lists access requests and inquiries together, newest first, with filters, search and pages", async () => {
    const p = await seedPortalPartner();
    const { alice, requests, inquiryId } = await withItems(p);
    const all = await p.live.inbox.list({});
    expect(all.data.map((i) => i.id)).toEqual([inquiryId, requests[1].id, requests[0].id]);
    expect(all.data[0]).toMatchObject({ kind: "inquiry", status: "new", company: "Acme", email: alice.email, deal_id: inquiryDealId });
    expect(all.data[2]).toMatchObject({ kind: "access_request", request_type: "deal", status: "new", deal_name: dealName, message: "We are a seed startup" });

    expect((await p.live.inbox.list({ kind: "inquiry" })).data.map((i) => i.id)).toEqual([inquiryId]);
    expect((await p.live.inbox.list({ kind: "access_request" })).data).toHaveLength(2);
    expect((await p.live.inbox.list({ search: "seed startup" })).data.map((i) => i.id)).toEqual([requests[0].id]);
    expect((await p.live.inbox.list({ search: "ALICE-" })).data).toHaveLength(2);
    expect((await p.live.inbox.list({ search: "%" })).data).toHaveLength(0);
    expect((await p.live.inbox.list({ search: "_" })).data).toHaveLength(0);
    // Case-insensitive in messages and deal names too (trigram-indexed ILIKE).
    expect((await p.live.inbox.list({ search: "SEED Startup" })).data.map((i) => i.id)).toEqual([requests[0].id]);
    expect((await p.live.inbox.list({ search: dealName.toUpperCase() })).data.map((i) => i.id)).toEqual([requests[1].id, requests[0].id]);
    expect((await p.live.inbox.list({ status: "replied" })).data).toHaveLength(0);

    const first = await p.live.inbox.list({ limit: 2 });
    expect(first.has_more).toBe(true);
    const second = await p.live.inbox.list({ limit: 2, cursor: first.next_cursor });
    expect([...first.data, ...second.data].map((i) => i.id)).toEqual(all.data.map((i) => i.id));
    expect(second.has_more).toBe(false);
    expect((await trpcError(p.live.inbox.list({ cursor: "not-a-cursor" }))).code).toBe("BAD_REQUEST");

    expect(await p.live.inbox.counts()).toEqual({ new_access_requests: 2, new_inquiries: 1, total_new: 3 });
    const exported = await p.live.inbox.export({ kind: "access_request" });
    expect(exported).toMatchObject({ truncated: false });
    expect(exported.data).toHaveLength(2);
  });

  it("bulk approve/decline with a note emails each member; a decided request cannot be decided again", async () => {
    const p = await seedPortalPartner();
    const { alice, bob, requests } = await withItems(p);
    const result = await p.live.inbox.decideMany({ ids: [requests[0].id], decision: "approved", note: "Welcome aboard" });
    expect(result.results).toEqual([{ id: requests[0].id, ok: true }]);
    const declined = await p.live.inbox.decideMany({ ids: [requests[1].id, requests[0].id], decision: "declined", note: "Only for incorporated companies" });
    expect(declined.results).toEqual([
      { id: requests[1].id, ok: true },
      { id: requests[0].id, ok: false, code: "access_request_not_pending" },
    ]);
    const items = (await p.live.inbox.list({ kind: "access_request" })).data;
    expect(items.find((i) => i.id === requests[0].id)).toMatchObject({ status: "approved", response: "Welcome aboard" });
    expect(items.find((i) => i.id === requests[1].id)).toMatchObject({ status: "declined", response: "Only for incorporated companies" });
    expect((await p.live.inbox.list({ status: "approved" })).data.map((i) => i.id)).toEqual([requests[0].id]);

    const emails = await db.emailMessage.findMany({ where: { partnerId: p.partnerId, kind: "access_decision" }, orderBy: { createdAt: "asc" } });
    expect(emails.map((e) => e.toAddress)).toEqual([alice.email, bob.email]);
    expect(emails[0].subject).toContain(`Approved: your access to ${dealName}`);
    expect(emails[0].text).toContain(`/deals/${dealId}`);
    expect(emails[1].text).toContain("Only for incorporated companies");
    expect((await p.live.inbox.counts()).new_access_requests).toBe(0);
  });

  itOnPostgres("two approvals at once: one wins, the other is CONFLICT (access_request_not_pending)", async () => {
    const p = await seedPortalPartner();
    const { requests } = await withItems(p);
    const settled = await Promise.allSettled([
      p.live.inbox.decide({ id: requests[0].id, decision: "approved" }),
      p.live.inbox.decide({ id: requests[0].id, decision: "approved" }),
    ]);
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    const rejected = settled.find((s) => s.status === "rejected") as PromiseRejectedResult;
    const err = await trpcError(Promise.reject(rejected.reason));
    expect(err.code).toBe("CONFLICT");
    expect(err.appCode).toBe("access_request_not_pending");
    expect(await db.emailMessage.count({ where: { partnerId: p.partnerId, kind: "access_decision" } })).toBe(1);
  });

  it("replies to an inquiry by email (outbox) and closes inquiries", async () => {
    const p = await seedPortalPartner();
    const { alice, inquiryId } = await withItems(p);
    expect((await trpcError(p.live.inbox.reply({ id: inquiryId, message: "   " }))).code).toBe("BAD_REQUEST");
    const replied = await p.live.inbox.reply({ id: inquiryId, message: "Yes, agencies qualify.\n\nBest, the team" });
    expect(replied).toMatchObject({ id: inquiryId, status: "replied" });
    const email = await db.emailMessage.findFirstOrThrow({ where: { partnerId: p.partnerId, kind: "inquiry_reply" } });
    expect(email.toAddress).toBe(alice.email);
    expect(email.text).toContain("Yes, agencies qualify.");
    expect(email.text).toContain("Does it work for agencies?");
    expect((await p.live.inbox.list({ status: "replied" })).data[0]).toMatchObject({ id: inquiryId, response: "Yes, agencies qualify.\n\nBest, the team" });
    expect(await p.live.inbox.close({ ids: [inquiryId] })).toEqual({ closed: 1 });
    expect((await p.live.inbox.list({ status: "closed" })).data.map((i) => i.id)).toEqual([inquiryId]);
    expect((await p.live.inbox.counts()).new_inquiries).toBe(0);
  });

  it("another partner's or environment's items are not listed, counted, decided or answered", async () => {
    const [a, b] = await Promise.all([seedPortalPartner(), seedPortalPartner()]);
    const { requests, inquiryId } = await withItems(a);
    expect((await b.live.inbox.list({})).data).toEqual([]);
    expect((await a.sandbox.inbox.list({})).data).toEqual([]);
    expect((await a.sandbox.inbox.counts()).total_new).toBe(0);
    for (const caller of [b.live, a.sandbox]) {
      const err = await trpcError(caller.inbox.decide({ id: requests[0].id, decision: "approved" }));
      expect([err.code, err.appCode]).toEqual(["NOT_FOUND", "access_request_not_found"]);
      expect((await caller.inbox.decideMany({ ids: [requests[1].id], decision: "declined" })).results).toEqual([{ id: requests[1].id, ok: false, code: "access_request_not_found" }]);
      const reply = await trpcError(caller.inbox.reply({ id: inquiryId, message: "Hi" }));
      expect([reply.code, reply.appCode]).toEqual(["NOT_FOUND", "inquiry_not_found"]);
      expect(await caller.inbox.close({ ids: [inquiryId] })).toEqual({ closed: 0 });
      expect((await caller.inbox.export({})).data).toEqual([]);
    }
    expect((await a.live.inbox.counts()).total_new).toBe(3);
  });
});
