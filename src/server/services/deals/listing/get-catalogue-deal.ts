// The catalogue's detail view: one deal of the partner's catalogue as members see it (description,
// value, redemption method, gates, the rules in one sentence) and why it is visible or hidden.
import { describeRuleSet } from "@/server/domain/visibility";
import type { CatalogueDealOutput } from "@/server/schemas/portal-deals.schema";
import type { PartnerScope } from "@/server/scope";
import { dealNotFound } from "@/server/services/deals/partner-deals/find-partner-deal";
import { getPartnerCatalogue } from "./catalogue-source";
import { catalogueRow } from "./list-partner-catalogue";

export async function getCatalogueDeal(scope: PartnerScope, id: string): Promise<CatalogueDealOutput> {
  const catalogue = await getPartnerCatalogue(scope);
  const d = catalogue.byId.get(id.toLowerCase());
  if (!d) throw dealNotFound();
  const dto = d.dto;
  return {
    ...catalogueRow(d),
    long_description: dto.long_description,
    perk_description: dto.perk_description,
    market_value: dto.market_value,
    est_value: dto.est_value,
    redemption_method: dto.redemption?.method ?? null,
    eligibility_requirements: dto.eligibility_requirements,
    approval_required: dto.approval_required,
    approval_time: dto.approval_time,
    end_date: dto.end_date,
    rules_sentence: describeRuleSet(d.facts.rules, d.facts.deal_type),
    shared: d.entry.dealType === "servicepass",
  };
}
