// Partner-deal and catalogue input → deal columns: eligibility (flat or nested), categories by slug
// or id, sanitized instructions, dates, and unique slug generation.
import { randomBytes } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { Tx } from "@/server/db/client";
import { db } from "@/server/db/client";
import { ELIGIBILITY_DIMENSIONS, type EligibilityDimension } from "@/server/domain/enums";
import { AppError } from "@/server/errors/app-error";
import type { CategoryRef, PartnerDealCreateInput, PartnerDealUpdateInput } from "@/server/schemas/deal.schema";
import type { RedemptionInput, RedemptionPatch } from "@/server/schemas/redemption.schema";
import { DEAL_ELIGIBILITY_COLUMNS, parseIsoDate } from "@/server/services/deals/deal-record";
import { sanitizeInstructions } from "@/server/services/deals/redemption/redemption-html";
import { markdownToInstructions } from "@/server/services/deals/redemption/instructions-markdown";
import { isUuid } from "@/server/domain/ids";
import { requireScope, type PartnerScope } from "@/server/scope";

type DealInput = PartnerDealCreateInput | PartnerDealUpdateInput;

/** The eligibility columns an input names (flat eligibility_* or nested eligibility.*). */
export function eligibilityData(input: { eligibility?: Partial<Record<EligibilityDimension, string[]>> }): Partial<Record<(typeof DEAL_ELIGIBILITY_COLUMNS)[EligibilityDimension], string[]>> {
  const out: Partial<Record<(typeof DEAL_ELIGIBILITY_COLUMNS)[EligibilityDimension], string[]>> = {};
  const flat = input as Record<string, string[] | undefined>;
  for (const d of ELIGIBILITY_DIMENSIONS) {
    const v = flat[`eligibility_${d}`] ?? input.eligibility?.[d];
    if (v !== undefined) out[DEAL_ELIGIBILITY_COLUMNS[d]] = [...v];
  }
  return out;
}

/** Scalar columns named by the input (undefined fields are left out: PATCH keeps them). */
export function scalarData(input: DealInput): Prisma.DealUpdateManyMutationInput {
  const data: Prisma.DealUpdateManyMutationInput = {
    productName: input.product_name,
    slug: input.slug,
    logoUrl: input.logo_url,
    productUrl: input.product_url,
    shortDescription: input.short_description,
    longDescription: input.long_description,
    perkDescription: input.perk_description,
    marketValue: input.market_value,
    estValue: input.est_value,
    tier: input.tier,
    tags: input.tags,
    badges: input.badges,
    eligibilityRequirements: input.eligibility_requirements,
    offerTypes: input.offer_types,
    approvalRequired: input.approval_required,
    approvalTime: input.approval_time,
    status: input.status,
    startDate: parseIsoDate(input.start_date),
    endDate: parseIsoDate(input.end_date),
    trackingEnabled: input.tracking_enabled,
    attributionWindowDays: input.attribution_window_days,
    ...eligibilityData(input),
  };
  for (const k of Object.keys(data) as (keyof typeof data)[]) if (data[k] === undefined) delete data[k];
  return data;
}

export type RedemptionColumns = {
  redemptionMethod: RedemptionInput["method"] | null;
  redemptionInstructions: string;
  /** the portal editor's Markdown source; null when the instructions were written as HTML */
  redemptionInstructionsMarkdown: string | null;
  redemptionPromoCode: string;
  redemptionRedeemUrl: string;
  redemptionContactEmail: string;
};

/** How the instructions text was written: HTML (API, catalogue) or Markdown (the portal's editor). */
export type InstructionsFormat = "html" | "markdown";

function instructionsColumns(text: string, format: InstructionsFormat) {
  return format === "markdown"
    ? { redemptionInstructions: markdownToInstructions(text), redemptionInstructionsMarkdown: text.trim() === "" ? null : text }
    : { redemptionInstructions: sanitizeInstructions(text), redemptionInstructionsMarkdown: null };
}

export function redemptionData(r: RedemptionInput | null | undefined, format: InstructionsFormat = "html"): RedemptionColumns {
  return {
    redemptionMethod: r?.method ?? null,
    ...instructionsColumns(r?.instructions ?? "", format),
    redemptionPromoCode: r?.promo_code ?? "",
    redemptionRedeemUrl: r?.redeem_url ?? "",
    redemptionContactEmail: r?.contact_email ?? "",
  };
}

/** PATCH redemption: the named fields replace the stored ones. */
export function mergedRedemption(current: RedemptionColumns, patch: RedemptionPatch, format: InstructionsFormat = "html"): RedemptionColumns {
  const instructions =
    patch.instructions !== undefined
      ? instructionsColumns(patch.instructions, format)
      : { redemptionInstructions: current.redemptionInstructions, redemptionInstructionsMarkdown: current.redemptionInstructionsMarkdown };
  return {
    redemptionMethod: patch.method ?? current.redemptionMethod,
    ...instructions,
    redemptionPromoCode: patch.promo_code ?? current.redemptionPromoCode,
    redemptionRedeemUrl: patch.redeem_url ?? current.redemptionRedeemUrl,
    redemptionContactEmail: patch.contact_email ?? current.redemptionContactEmail,
  };
}

/** Category ids for refs by slug or id; an unknown one is a 400 naming categories[i]. */
export async function resolveCategoryIds(refs: readonly CategoryRef[], client: Tx | typeof db = db): Promise<string[]> {
  const slugs = refs.map((r) => (typeof r === "string" ? r : r.id === undefined ? r.slug : undefined)).filter((s): s is string => !!s);
  const ids = refs.map((r) => (typeof r === "object" && r.id !== undefined ? r.id : undefined)).filter((s): s is string => !!s);
  const found = await client.category.findMany({
    where: { OR: [{ slug: { in: slugs } }, { id: { in: ids.filter(isUuid).map((i) => i.toLowerCase()) } }] },
    select: { id: true, slug: true },
  });
  const bySlug = new Map(found.map((c) => [c.slug, c.id]));
  const byId = new Set(found.map((c) => c.id));
  const out: string[] = [];
  const problems: { param: string; message: string }[] = [];
  refs.forEach((r, i) => {
    const id = typeof r === "string" ? bySlug.get(r) : r.id !== undefined ? (byId.has(r.id.toLowerCase()) ? r.id.toLowerCase() : undefined) : bySlug.get(r.slug!);
    if (id) out.push(id);
    else problems.push({ param: `categories[${i}]`, message: `categories[${i}]: no category ${JSON.stringify(typeof r === "string" ? r : r.id ?? r.slug)} exists` });
  });
  if (problems.length) {
    throw new AppError("parameter_invalid", problems[0].message, { param: problems[0].param, errors: problems.length > 1 ? problems : undefined });
  }
  return [...new Set(out)];
}

export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return base || "deal";
}

/** A slug free right now among the partner deals of the environment (slugs are unique per
 *  partner and environment): the name's slug, or with -2..-5, or with a random suffix. */
export async function generateSlug(scope: PartnerScope, productName: string): Promise<string> {
  const { partnerId, environment } = requireScope(scope, "generateSlug");
  const base = slugify(productName);
  const candidates = [base, ...[2, 3, 4, 5].map((n) => `${base}-${n}`)];
  const taken = new Set(
    (await db.deal.findMany({ where: { ownerPartnerId: partnerId, environment, slug: { in: candidates } }, select: { slug: true } })).map((d) => d.slug),
  );
  return candidates.find((c) => !taken.has(c)) ?? randomSlug(base);
}

export function randomSlug(base: string): string {
  const suffix = randomBytes(6).toString("base64url").toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 6) || "x";
  return `${base}-${suffix}`;
}

export const slugTaken = (slug: string) =>
  new AppError("slug_taken", `The slug ${slug} is already used by another of your deals in this environment; choose another or omit it to have one generated`, { param: "slug" });

export function isSlugViolation(err: unknown): boolean {
  const e = err as { code?: string; meta?: unknown };
  return e?.code === "P2002" && JSON.stringify(e.meta ?? {}).includes("slug");
}
