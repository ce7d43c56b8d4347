// webhooks.deliveryPayload (the delivery log's "View payload", issue 26 item 9): the exact body a
// delivery POSTs, for the partner and environment that own it only; readable in view-as.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import type { AdminSession } from "@/server/auth/get-admin-session";
import { db } from "@/server/db/client";
import { createAdmin } from "@/server/services/admins";
import { createCaller } from "@/server/trpc/routers/_app";
import { seedPartner } from "../helpers/seed";

process.env.WEBHOOK_ALLOW_PRIVATE = "1";

async function seedAdmin(environment: "live" | "test" = "test", partnerId?: string) {
  const id = partnerId ?? (await seedPartner()).partner.id;
  const email = `admin-${randomUUID().slice(0, 8)}@perkway.test`;
  const created = await createAdmin("operator", { email, role: "partner_admin", partner_id: id });
  const session: AdminSession = { actor: { adminId: created.admin_id, role: "partner_admin", partnerId: id }, email, name: null, environment, scope: { partnerId: id, environment }, readOnly: false };
  return { partnerId: id, caller: createCaller({ admin: session, headers: new Headers() }) };
}

const codeOf = (p: Promise<unknown>) => p.then(() => "ok", (e: unknown) => (e instanceof TRPCError ? e.code : String(e)));

describe("webhooks.deliveryPayload", () => {
  it("returns the exact body sent, and nothing to another partner or environment", async () => {
    const a = await seedAdmin();
    const endpoint = await a.caller.webhooks.create({ url: "http://127.0.0.1:9/hooks", event_types: ["user.created"] });
    await a.caller.webhooks.sendTest({ id: endpoint.id });
    const [delivery] = (await a.caller.webhooks.deliveries({ endpoint_id: endpoint.id })).data;

    const shown = await a.caller.webhooks.deliveryPayload({ id: delivery.id });
    const stored = await db.webhookEvent.findUniqueOrThrow({ where: { id: delivery.event_id } });
    expect(shown).toEqual({ id: delivery.id, event_id: delivery.event_id, event_type: "test.ping", body: stored.payload });
    expect(JSON.parse(shown.body)).toMatchObject({ id: delivery.event_id, type: "test.ping", data: { object: { endpoint_id: endpoint.id } } });

    expect(await codeOf((await seedAdmin()).caller.webhooks.deliveryPayload({ id: delivery.id }))).toBe("NOT_FOUND");
    expect(await codeOf((await seedAdmin("live", a.partnerId)).caller.webhooks.deliveryPayload({ id: delivery.id }))).toBe("NOT_FOUND");
    expect(await codeOf(a.caller.webhooks.deliveryPayload({ id: randomUUID() }))).toBe("NOT_FOUND");
  });
});
