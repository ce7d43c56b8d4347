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
    expect(dealCardView(card(), { freemium: true, t: t("en"), locale: "en" }).premium).toBe(true);
    expect(dealCardView(card(), { freemium: false, t: t("en"), locale: "en" }).premium).toBe(false);
    expect(dealCardView(card({ tier: "free" }), { freemium: true, t: t("en"), locale: "en" }).premium).toBe(false);
  });

  it("words the lock and an empty code pool in the member's language", () => {
    expect(dealCardView(card({ noCodes: true }), { freemium: false, t: t("fr"), locale: "fr" }).lock).toEqual({ title: "Plus aucun code", text: "Tous les codes de cette offre ont été attribués." });
    expect(dealCardView(card({ lock: { code: "coming_soon" } as HostedDealCard["lock"] }), { freemium: false, t: t("de"), locale: "de" }).lock?.title).toBe("Demnächst verfügbar");
  });
  it("words categories and values in the member's language (issue 53.3): no 'Im Wert von Up to $1,200'", () => {
    const german = dealCardView(card({ value: "Up to $1,200", categories: [{ slug: "developer-tools", name: "Developer Tools" }] }), { freemium: false, t: t("de"), locale: "de" });
    expect(german).toMatchObject({ categories: "Entwicklerwerkzeuge", worth: "Im Wert von bis zu 1.200\u00a0$" });
    const arabic = dealCardView(card({ perk: null, value: "$1,000", categories: [{ slug: "cloud-hosting", name: "Cloud & Hosting" }] }), { freemium: false, t: t("ar"), locale: "ar" });
    expect(arabic.categories).toBe("الحوسبة السحابية والاستضافة");
    expect(arabic.headline).toBe(new Intl.NumberFormat("ar", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(1000));
  });
});
