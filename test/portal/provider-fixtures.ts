// A servicepass deal with its redeem URL carrying {{click_id}}, a provider linked to it by the super
// admin, and a provider user: the start of every provider-area test (contract section 18).
import { randomUUID } from "node:crypto";
import type { AdminClaims } from "@/server/auth/get-admin-session";
import { createTRPCContext } from "@/server/trpc/context";
import { createCaller } from "@/server/trpc/routers/_app";
import { createAdmin } from "@/server/services/admins";
import { seedSuperAdmin } from "../super-admin/fixtures";

export const uniq = () => randomUUID().slice(0, 8);
export const callerOf = async (claims: AdminClaims) => createCaller(await createTRPCContext({ headers: new Headers(), claims }));

export async function seedProviderWithDeal(prefix = "prov") {
  const sa = await seedSuperAdmin();
  const superCaller = await callerOf({ actor: sa.actor, email: sa.email, name: null, sessionVersion: 0 });
  const entry = await superCaller.superAdmin.createCatalogDeal({
    entry: { slug: `${prefix}-${uniq()}`, product_name: `Cloud ${uniq()}`, short_description: "Credits", status: "live", redemption: { method: "url", redeem_url: "https://cloud.example/join?c={{click_id}}" } },
  });
  const dealId = (entry as { id: string }).id;
  const provider = await superCaller.providers.create({ name: `Cloud Inc ${uniq()}`, deal_ids: [dealId] });
  const email = `${prefix}-${uniq()}@cloud.example`;
  const created = await createAdmin("operator", { email, role: "provider", provider_id: provider.provider_id, password: "correct horse battery staple" });
  const claims: AdminClaims = { actor: { adminId: created.admin_id, role: "provider", partnerId: null }, email, name: null, sessionVersion: 0 };
  return { sa, superCaller, dealId, provider, email, providerCaller: await callerOf(claims) };
}
