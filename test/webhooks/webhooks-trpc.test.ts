// webhooks.* (the portal's Webhooks page): signed out → UNAUTHORIZED, another partner's ids →
// NOT_FOUND, read-only view-as refused, changes in the activity log without the secret, the
// delivery log with resend and test events (queued through the outbox; no worker runs here).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import type { AdminSession } from "@/server/auth/get-admin-session";
import { db } from "../helpers/db";
import { createAdmin } from "@/server/services/admins";
import { createCaller } from "@/server/trpc/routers/_app";
import { webhookEventProblems } from "../helpers/openapi-validate";
import { seedPartner } from "../helpers/seed";

process.env.WEBHOOK_ALLOW_PRIVATE = "1";

async function seedAdmin(readOnly = false) {
  const p = await seedPartner();
  const email = `admin-${randomUUID().slice(0, 8)}@perkway.test`;
  const created = await createAdmin("operator", { email, role: "partner_admin", partner_id: p.partner.id });
  const scope = { partnerId: p.partner.id, environment: "test" as const };
  const session: AdminSession = { actor: { adminId: created.admin_id, role: "partner_admin", partnerId: p.partner.id }, email, name: null, environment: "test", scope, readOnly };
  return { ...p, scope, caller: createCaller({ admin: session, headers: new Headers() }) };
}

async function trpcError(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) return err;
    throw err;
  }
  throw new Error("expected a TRPCError");
}

describe("webhooks router", () => {
  it("manages endpoints, records activity without secrets, queues test events and resends", async () => {
    const a = await seedAdmin();
    const created = await a.caller.webhooks.create({ url: "http://127.0.0.1:9/hooks", event_types: ["user.created"], description: "CRM" });
    expect(created.secret).toMatch(/^whsec_/);
    expect((await a.caller.webhooks.list()).data.map((e) => e.id)).toEqual([created.id]);
    await a.caller.webhooks.update({ id: created.id, changes: { enabled: false } });
    expect((await trpcError(a.caller.webhooks.sendTest({ id: created.id }))).code).toBe("CONFLICT");
    await a.caller.webhooks.update({ id: created.id, changes: { enabled: true } });
    expect(await a.caller.webhooks.sendTest({ id: created.id })).toEqual({ queued: true });
    const log = await a.caller.webhooks.deliveries({ endpoint_id: created.id });
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({ event_type: "test.ping", status: "pending", attempts: 0 });
    const event = await db.webhookEvent.findUniqueOrThrow({ where: { id: log.data[0].event_id } });
    expect(JSON.parse(event.payload as string)).toMatchObject({ type: "test.ping", environment: "test", data: { object: { endpoint_id: created.id } } });
    expect(webhookEventProblems(JSON.parse(event.payload as string))).toEqual([]);
    // Resend: a fresh cycle of the same event.
    await db.webhookDelivery.update({ where: { id: log.data[0].id }, data: { status: "failed", attempts: 7 } });
    const resent = await a.caller.webhooks.resend({ id: log.data[0].id });
    expect(resent).toMatchObject({ id: log.data[0].id, event_id: log.data[0].event_id, status: "pending", attempts: 0 });
    const rotated = await a.caller.webhooks.rotateSecret({ id: created.id });
    expect(rotated.secret).not.toBe(created.secret);
    await a.caller.webhooks.delete({ id: created.id });
    expect((await a.caller.webhooks.list()).data).toEqual([]);

    const activity = await db.activityLog.findMany({ where: { partnerId: a.partner.id, action: { startsWith: "webhook_" } }, orderBy: { createdAt: "asc" } });
    expect(activity.map((x) => x.action)).toEqual([
      "webhook_endpoint.created",
      "webhook_endpoint.disabled",
      "webhook_endpoint.enabled",
      "webhook_delivery.resent",
      "webhook_endpoint.secret_rotated",
      "webhook_endpoint.deleted",
    ]);
    const text = JSON.stringify(activity);
    expect(text).not.toContain(created.secret);
    expect(text).not.toContain(rotated.secret);
  });

  it("signed out → UNAUTHORIZED; another partner's ids → NOT_FOUND; read-only view → FORBIDDEN", async () => {
    const a = await seedAdmin();
    const b = await seedAdmin();
    const endpoint = await a.caller.webhooks.create({ url: "http://127.0.0.1:9/hooks", event_types: ["user.created"] });
    await a.caller.webhooks.sendTest({ id: endpoint.id });
    const delivery = (await a.caller.webhooks.deliveries({ endpoint_id: endpoint.id })).data[0];

    const anonymous = createCaller({ admin: null, headers: new Headers() } as never);
    expect((await trpcError(anonymous.webhooks.list())).code).toBe("UNAUTHORIZED");
    for (const call of [
      () => b.caller.webhooks.update({ id: endpoint.id, changes: { enabled: false } }),
      () => b.caller.webhooks.delete({ id: endpoint.id }),
      () => b.caller.webhooks.rotateSecret({ id: endpoint.id }),
      () => b.caller.webhooks.sendTest({ id: endpoint.id }),
      () => b.caller.webhooks.deliveries({ endpoint_id: endpoint.id }),
      () => b.caller.webhooks.resend({ id: delivery.id }),
    ]) {
      expect((await trpcError(call())).code).toBe("NOT_FOUND");
    }
    expect((await b.caller.webhooks.list()).data).toEqual([]);
    const viewer = await seedAdmin(true);
    expect((await trpcError(viewer.caller.webhooks.create({ url: "http://127.0.0.1:9/x", event_types: ["user.created"] }))).code).toBe("FORBIDDEN");
    expect((await a.caller.webhooks.list()).data[0].enabled).toBe(true);
  });
});
