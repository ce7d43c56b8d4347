// A deal row with what its Deal JSON needs (categories, rules), and the mapping to the visibility
// engine's plain inputs. The one place that turns Prisma rows into engine facts.
import type { Deal, Member, Partner, Prisma } from "@/generated/prisma/client";
import type { RuleType } from "@/generated/prisma/enums";
import {
  ELIGIBILITY_DIMENSIONS,
  partnerTypeMap,
  regionMap,
  userTypeMap,
  type EligibilityDimension,
} from "@/server/domain/enums";
import type { DealFacts, EligibilityMap, MemberContext, PartnerContext, VisibilityRuleInput } from "@/server/domain/visibility";

export const dealInclude = {
  categories: { include: { category: true } },
  rules: true,
} satisfies Prisma.DealInclude;

export type DealRecord = Prisma.DealGetPayload<{ include: typeof dealInclude }>;

/** What serialization and evaluation read: a DealRecord, or a row of the catalogue's raw loader. */
// codeLowStockThreshold (portal state) and slugScope (uniqueness bookkeeping) are not part of the
// deal as partners and members see it; nor is the portal editor's Markdown source of the instructions.
export type DealShape = Omit<Deal, "codeLowStockThreshold" | "slugScope" | "providerSecretEncrypted" | "redemptionInstructionsMarkdown" | "verifiedAt" | "providerId"> & {
  categories: readonly { category: { id: string; slug: string; name: string } }[];
  rules: readonly { id: string; ruleType: RuleType; ruleValue: string[]; priority: number }[];
};

export const DEAL_ELIGIBILITY_COLUMNS = {
  customer_type: "eligibilityCustomerType",
  company_stage: "eligibilityCompanyStage",
  company_size: "eligibilityCompanySize",
  business_type: "eligibilityBusinessType",
  geography: "eligibilityGeography",
  incorporation: "eligibilityIncorporation",
  funding: "eligibilityFunding",
} as const satisfies Record<EligibilityDimension, string>;

type EligibilityRow = { [K in (typeof DEAL_ELIGIBILITY_COLUMNS)[EligibilityDimension]]: string[] };

function eligibilityOf(row: EligibilityRow): EligibilityMap {
  const out = {} as Record<EligibilityDimension, string[]>;
  for (const d of ELIGIBILITY_DIMENSIONS) out[d] = row[DEAL_ELIGIBILITY_COLUMNS[d]];
  return out;
}

function ruleInputs(rules: DealShape["rules"]): VisibilityRuleInput[] {
  return rules.map((r) => ({ id: r.id, rule_type: r.ruleType, rule_value: r.ruleValue, priority: r.priority }));
}

export function dealFacts(deal: DealShape): DealFacts {
  return {
    deal_type: deal.dealType,
    owner_partner_id: deal.ownerPartnerId,
    status: deal.status,
    tier: deal.tier,
    eligibility: eligibilityOf(deal),
    rules: ruleInputs(deal.rules),
  };
}

export const partnerContextSelect = { id: true, type: true, regions: true, freemiumEnabled: true } satisfies Prisma.PartnerSelect;

export function partnerContext(p: Pick<Partner, "id" | "type" | "regions" | "freemiumEnabled">): PartnerContext {
  return {
    id: p.id,
    type: partnerTypeMap.fromDb(p.type),
    regions: p.regions.map(regionMap.fromDb),
    freemium_enabled: p.freemiumEnabled,
  };
}

export function memberContext(m: Member): MemberContext {
  return {
    tier: m.tier,
    user_types: m.userTypes.map(userTypeMap.fromDb),
    regions: m.regions.map(regionMap.fromDb),
    eligibility: eligibilityOf(m),
  };
}

/** YYYY-MM-DD of a @db.Date column (stored as UTC midnight). */
export function isoDate(d: Date | null): string | null {
  return d ? d.toISOString().slice(0, 10) : null;
}

export function parseIsoDate(s: string | null | undefined): Date | null | undefined {
  if (s === undefined) return undefined;
  return s === null ? null : new Date(`${s}T00:00:00.000Z`);
}
