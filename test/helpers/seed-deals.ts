// Servicepass deals for deal tests, through the real catalogue import (and a partner's own deal, seedOwnDeal). Every call tags its deals
// with a fresh category so a test can list exactly its own deals (?category=…) while other test
// files add servicepass deals to the same database in parallel.
import { randomUUID } from "node:crypto";
import type { PartnerScope } from "@/server/scope";
import { importCatalog } from "@/server/services/deals";
import { db } from "./db";

export type ServicepassSpec = Record<string, unknown> & { product_name?: string; slug?: string };

export function uniqueTag(prefix = "t"): string {
  return `${prefix}-${randomUUID().slice(0, 12)}`;
}

export function servicepassEntry(category: string, spec: ServicepassSpec = {}) {
  const slug = spec.slug ?? uniqueTag("sp");
  return {
    slug,
    product_name: `Deal ${slug}`,
    short_description: `Short description of ${slug}`,
    status: "live",
    redemption: { method: "url", redeem_url: "https://example.com/redeem?p={{partner_id}}&e={{email}}", instructions: "<p>Hello {{email}}</p>" },
    categories: [{ slug: category, name: `Category ${category}` }],
    ...spec,
  };
}

/** Imports deals into a fresh category; returns the category slug and the deals' ids by slug. */
export async function seedServicepassDeals(specs: ServicepassSpec[], category = uniqueTag("cat")) {
  const entries = specs.map((s) => servicepassEntry(category, s));
  const result = await importCatalog("operator", entries);
  const ids = Object.fromEntries(result.deals.map((d) => [d.slug, d.id]));
  return { category, ids, slugs: entries.map((e) => e.slug), result };
}

/**
 * A partner's own live deal written straight into the database (a link deal, nothing but the columns
 * a test names), for tests of what members see: `data` overrides any column; `name` makes the product
 * name from the deal's fresh slug.
 */
export async function seedOwnDeal(scope: PartnerScope, data: Record<string, unknown> = {}, opts: { name?: (slug: string) => string } = {}) {
  const slug = `d-${randomUUID().slice(0, 8)}`;
  return db.deal.create({
    data: {
      slug,
      productName: opts.name ? opts.name(slug) : `Deal ${slug}`,
      shortDescription: "A deal for tests",
      dealType: "partner_private",
      ownerPartnerId: scope.partnerId,
      environment: scope.environment,
      status: "live",
      redemptionMethod: "url",
      redemptionRedeemUrl: "https://example.com/redeem",
      ...data,
    },
  });
}
