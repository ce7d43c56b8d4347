// A deal card as the list shows it: the Premium badge only while the partner has freemium on (tiers
// mean nothing to members otherwise: issue 44), and the lock or "No codes left" in the member's language.
import fs from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { dealCardView } from "@/components/hosted/deal-card-view";
import type { Translate } from "@/components/hosted/lock-reasons";
import type { HostedDealCard } from "@/server/services/deals";

const t = (locale: string) => createTranslator({ locale, messages: JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) }) as unknown as Translate;

const card = (over: Partial<HostedDealCard> = {}): HostedDealCard => ({
  id: "00000000-0000-4000-8000-000000000001",
  productName: "Cloud credits",
  logoUrl: null,
  perk: "$1,000 in credits",
  value: "$1,000",
  shortDescription: "Credits",
  categories: [{ slug: "cloud", name: "Cloud" }],
  tier: "premium",
  tags: [],
  status: "live",
  lock: null,
  noCodes: false,
  ...over,
});

describe("dealCardView", () => {
  it("shows the Premium badge only while freemium is on", () => {
    expect(dealCardView(card(), undefined, { freemium: true, t: t("en"), locale: "en" }).premium).toBe(true);
    expect(dealCardView(card(), undefined, { freemium: false, t: t("en"), locale: "en" }).premium).toBe(false);
    expect(dealCardView(card({ tier: "free" }), undefined, { freemium: true, t: t("en"), locale: "en" }).premium).toBe(false);
  });

  it("words the lock and an empty code pool in the member's language", () => {
    expect(dealCardView(card({ noCodes: true }), undefined, { freemium: false, t: t("fr"), locale: "fr" }).lock).toEqual({ title: "Plus aucun code", text: "Tous les codes de cette offre ont été attribués." });
    expect(dealCardView(card({ lock: { code: "coming_soon" } as HostedDealCard["lock"] }), undefined, { freemium: false, t: t("de"), locale: "de" }).lock?.title).toBe("Demnächst verfügbar");
  });
});
