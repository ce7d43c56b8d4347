// /locked: the partner's deals this member cannot redeem (yet), each with the reason in words
// (premium under freemium, region, company type, eligibility, paused), and the upgrade call to action
// when premium deals are among them. Linked from the deal list with the list's search and category.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ArrowLeftIcon } from "@/components/hosted/icons";
import { dealCardView, premiumBadgeClass } from "@/components/hosted/deal-card-view";
import { DealGrid } from "@/components/hosted/deal-grid";
import { DealCounts } from "@/components/hosted/deal-counts";
import { firstParam as one, listHref } from "@/components/hosted/deal-filters";
import { SignInPrompt } from "@/components/hosted/sign-in-prompt";
import { UpgradeBanner } from "@/components/hosted/upgrade-banner";
import { listHostedDeals } from "@perkway/server/services/deals";
import { trackEvent } from "../actions";
import { getSurface, loadMember, loadPartner } from "@/server/auth/member-context";
import { getLocale, getTranslations } from "next-intl/server";
import type { SupportedLocale } from "@/lib/locales";

type Props = { params: Promise<{ subdomain: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const partner = await loadPartner((await params).subdomain);
  const [t, tw, th] = await Promise.all([getTranslations("locked"), getTranslations("welcome"), getTranslations("home")]);
  return { title: { absolute: partner ? `${t("title")} · ${tw("title", { name: partner.name })}` : th("pageNotFound") }, robots: { index: false, follow: false } };
}

export default async function LockedDealsPage({ params, searchParams }: Props) {
  const { subdomain } = await params;
  const partner = await loadPartner(subdomain);
  if (!partner) notFound();
  const [{ base }, member, sp] = await Promise.all([getSurface(subdomain), loadMember(partner), searchParams]);
  const [t, td, tAll, locale] = await Promise.all([getTranslations("locked"), getTranslations("deal"), getTranslations(), getLocale()]);
  if (!member) {
    return <SignInPrompt title={t("signInToSee")} partnerName={partner.name} />;
  }

  const filter = { q: one(sp.q).slice(0, 200), category: one(sp.category).slice(0, 100) };
  const { locked, counts } = await listHostedDeals(member, filter, { locale: locale as SupportedLocale });
  const filtered = Boolean(filter.q || filter.category);
  const upgradeUrl = partner.freemiumEnabled && counts.premium > 0 ? partner.upgradeUrl : null;

  return (
    <div className="space-y-6">
      <a href={base || "/"} className="inline-flex items-center gap-1 text-sm font-medium text-foreground underline-offset-2 hover:underline">
        <ArrowLeftIcon className="h-4 w-4 rtl:rotate-180" /> {td("allDeals")}
      </a>
      <section>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">
          {t("title")} <span className="font-normal text-muted-foreground">({locked.length})</span>
        </h1>
        <p className="mt-1 text-muted-foreground">{t("intro", { partner: partner.name })}</p>
        <DealCounts counts={counts} of="locked" className="mt-1 text-sm text-muted-foreground" />
        {filtered ? (
          <p className="mt-1 text-sm text-muted-foreground">
            {t("filtered")}{" "}
            <a href={listHref(base, {}, "locked")} className="font-medium text-foreground underline">
              {t("showAll")}
            </a>
          </p>
        ) : null}
      </section>
      {upgradeUrl ? (
        <UpgradeBanner upgradeUrl={upgradeUrl} track={trackEvent}>
          <span className="font-semibold">{t("premiumTitle")}</span> {t("premiumText")}
        </UpgradeBanner>
      ) : null}
      {locked.length ? (
        <DealGrid
          testId="locked-deal-list"
          badgeClass={premiumBadgeClass}
          premiumLabel={td("premium")}
          cards={locked.map((d) => dealCardView(d, { freemium: partner.freemiumEnabled, t: tAll, locale }))}
          dealsPath={`${base}/deals`}
          track={trackEvent}
        />
      ) : (
        <div className="rounded-xl border border-dashed bg-card p-8 text-center">
          <p className="font-medium text-foreground">{filtered ? t("nothingInSearch") : t("nothing")}</p>
          <p className="mt-1 text-sm text-muted-foreground">
            <a href={base || "/"} className="font-medium text-foreground underline">
              {t("back")}
            </a>
          </p>
        </div>
      )}
    </div>
  );
}
