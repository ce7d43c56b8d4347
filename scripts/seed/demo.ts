// Demo data for an empty database: the servicepass catalogue (prisma/seed/catalogue.json), three
// partners of different types with admins, members, private deals and some activity, and a provider
// (the company behind two servicepass deals, one tracked) with its login. Everything goes through the
// same services the API and portal use.
import fs from "node:fs";
import path from "node:path";
import { db } from "@/server/db/client";
import { createAdmin } from "@/server/services/admins";
import { importCatalog } from "@/server/services/deals";
import { createPartner } from "@/server/services/partners";
import { setCatalogDealTracking } from "@/server/services/deals";
import { createProvider } from "@/server/services/providers";
import { parseWith } from "@/server/errors/parse-with";
import { partnerCreateSchema } from "@/server/schemas/partner.schema";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { hostedAppUrl } from "@/server/config/hosted-app-url";
import { log } from "@/server/runtime/bootstrap";
import { databaseLabel, saveDemoCredentials, type DemoCredentials } from "./demo-credentials";
import { DEMO_PARTNERS } from "./demo-partners";
import { seedPartnerActivity } from "./demo-activity";

/** `databaseUrl`: the DATABASE_URL the data goes to, or null for the embedded database. */
export async function seedDemoIfEmpty(credentialsFile: string, databaseUrl: string | null): Promise<boolean> {
  const [partners, deals] = await Promise.all([db.partner.count(), db.deal.count()]);
  if (partners > 0 || deals > 0) return false;
  await seedDemo(credentialsFile, databaseUrl);
  return true;
}

export async function seedDemo(credentialsFile: string, databaseUrl: string | null): Promise<DemoCredentials> {
  const started = Date.now();
  log("      empty database: seeding the catalogue and three demo partners, each with members, private deals and 30 days of activity in Live and in Sandbox (~30 s–2 min on 2 cores)…");
  const catalogue = JSON.parse(fs.readFileSync(path.resolve("prisma/seed/catalogue.json"), "utf8"));
  const imported = await importCatalog("operator", catalogue);
  log(`      catalogue: ${imported.created} servicepass deals (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  const superAdmin = await createAdmin("operator", { email: "admin@perkway.local", role: "super_admin", name: "Perkway Operator" });
  const links = hostedAppConfig();
  const credentials: DemoCredentials = {
    created_at: new Date().toISOString(),
    database: databaseLabel(databaseUrl),
    portal_url: `${links.scheme}://${links.appDomain}`,
    super_admin: { email: superAdmin.email, password: superAdmin.password },
    partners: [],
  };

  for (const spec of DEMO_PARTNERS) {
    const { partner, keys } = await createPartner("operator", parseWith(partnerCreateSchema, spec.partner));
    const admin = await createAdmin("operator", { email: spec.adminEmail, role: "partner_admin", partner_id: partner.id, name: spec.adminName });
    await seedPartnerActivity(partner, spec, imported.deals);
    credentials.partners.push({
      name: partner.name,
      partner_id: partner.id,
      subdomain: partner.subdomain,
      hosted_app_url: hostedAppUrl(links, partner.subdomain),
      admin: { email: admin.email, password: admin.password },
      keys,
    });
    log(`      partner ${credentials.partners.length}/${DEMO_PARTNERS.length}: ${partner.name} (${partner.subdomain}): ${spec.members.live} live and ${spec.members.test} sandbox members (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  credentials.provider = await seedDemoProvider(imported.deals);
  log(`  provider: ${credentials.provider.name} (${credentials.provider.email})`);
  saveDemoCredentials(credentialsFile, credentials);
  return credentials;
}

/** DigitalOcean, behind two catalogue deals (Hatch tracked), with one provider user: the provider area's demo. */
async function seedDemoProvider(deals: { slug: string; id: string }[]): Promise<NonNullable<DemoCredentials["provider"]>> {
  const dealIds = ["digitalocean-hatch", "render"].map((slug) => deals.find((d) => d.slug === slug)?.id).filter((id): id is string => Boolean(id));
  const provider = await createProvider("operator", { name: "DigitalOcean", deal_ids: dealIds });
  if (dealIds[0]) await setCatalogDealTracking("operator", dealIds[0], { enabled: true });
  const user = await createAdmin("operator", { email: "provider@digitalocean.example", role: "provider", provider_id: provider.provider_id, name: "DigitalOcean partnerships" });
  return { name: provider.name, provider_id: provider.provider_id, deal_ids: dealIds, email: user.email, password: user.password };
}
