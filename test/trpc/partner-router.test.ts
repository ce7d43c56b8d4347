// The pattern every portal procedure follows, on the first router (src/server/trpc/routers/partner.ts):
// the context is built for a seeded admin through the same session checks as a real cookie
// (createTRPCContext's `claims` seam), the guard puts the admin's scope in ctx, and a procedure never
// takes a partner or environment from its input. Signed out → UNAUTHORIZED; another partner's id →
// NOT_FOUND; the Live / Sandbox switch changes ctx.scope.environment on the next request.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminClaims } from "@/server/auth/get-admin-session";
import { ALL_ROLES } from "@/server/domain/team-roles";
import { createAdmin } from "@/server/services/admins";
import { createPartnerDeal } from "@/server/services/deals";
import { updatePartner } from "@/server/services/partners";
import { createTRPCContext } from "@/server/trpc/context";
import { createCallerFactory, createTRPCRouter, partnerProcedure } from "@/server/trpc/init";
import { createCaller } from "@/server/trpc/routers/_app";
import { seedPartner } from "../helpers/seed";

// A probe router: what the guard put in ctx. Its procedure declares that every role may call it (a
// procedure that declares no permission is refused).
const probe = createCallerFactory(createTRPCRouter({ partner: createTRPCRouter({ get: partnerProcedure.meta({ permission: ALL_ROLES }).query(({ ctx }) => ctx.scope) }) }));

async function seedAdmin() {
  const { partner } = await seedPartner();
  const email = `admin-${randomUUID().slice(0, 8)}@perkway.test`;
  const created = await createAdmin("operator", { email, role: "partner_admin", partner_id: partner.id });
  const claims: AdminClaims = { actor: { adminId: created.admin_id, role: "partner_admin", partnerId: partner.id }, email, name: null, sessionVersion: 0 };
  return { partnerId: partner.id, claims };
}

/** One request's context, as the /api/trpc route builds it. */
const contextOf = (claims: AdminClaims | null) => createTRPCContext({ headers: new Headers(), claims });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) return err.code;
    throw err;
  }
  return "OK";
}

let a: Awaited<ReturnType<typeof seedAdmin>>;
let b: Awaited<ReturnType<typeof seedAdmin>>;
beforeAll(async () => {
  [a, b] = await Promise.all([seedAdmin(), seedAdmin()]);
});

describe("partner router and the partner procedure guard", () => {
  it("signed out → UNAUTHORIZED", async () => {
    const caller = createCaller(await contextOf(null));
    expect(await codeOf(caller.partner.get())).toBe("UNAUTHORIZED");
    expect(await codeOf(caller.partner.setEnvironment({ environment: "test" }))).toBe("UNAUTHORIZED");
  });

  it("partner.get answers the admin's own partner, whatever the caller sends", async () => {
    const caller = createCaller(await contextOf(a.claims));
    expect((await caller.partner.get()).id).toBe(a.partnerId);
    // No input is accepted: a partner id cannot be smuggled in.
    expect(await codeOf((caller.partner.get as (i: unknown) => Promise<unknown>)({ partner_id: b.partnerId }))).toBe("OK");
    expect((await caller.partner.get()).id).toBe(a.partnerId);
  });

  it("another partner's id → NOT_FOUND (scoped services)", async () => {
    const deal = await createPartnerDeal({ partnerId: a.partnerId, environment: "live" }, { product_name: "A's deal", short_description: "Only A", redemption: { method: "inquiry" } });
    const asA = createCaller(await contextOf(a.claims));
    expect((await asA.ownDeals.get({ id: deal.id })).deal.id).toBe(deal.id);
    const asB = createCaller(await contextOf(b.claims));
    expect(await codeOf(asB.ownDeals.get({ id: deal.id }))).toBe("NOT_FOUND");
  });

  it("the sandbox switch changes ctx.scope.environment from the next request on", async () => {
    expect(await probe(await contextOf(a.claims)).partner.get()).toEqual({ partnerId: a.partnerId, environment: "live" });
    await createCaller(await contextOf(a.claims)).partner.setEnvironment({ environment: "test" });
    expect(await probe(await contextOf(a.claims)).partner.get()).toEqual({ partnerId: a.partnerId, environment: "test" });
    await createCaller(await contextOf(a.claims)).partner.setEnvironment({ environment: "live" });
    expect(await probe(await contextOf(a.claims)).partner.get()).toEqual({ partnerId: a.partnerId, environment: "live" });
  });

  it("a deactivated partner's admin is signed out on the next request", async () => {
    const c = await seedAdmin();
    expect(await codeOf(createCaller(await contextOf(c.claims)).partner.get())).toBe("OK");
    await updatePartner("operator", c.partnerId, { active: false });
    expect(await codeOf(createCaller(await contextOf(c.claims)).partner.get())).toBe("UNAUTHORIZED");
  });
});
