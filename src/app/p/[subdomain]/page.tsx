// / on {subdomain}.{APP_DOMAIN}, /p/{subdomain} and /embed/{subdomain}: signed out, the partner's
// welcome; signed in, the member's deals (server-rendered; only what GET /v1/deals?user_id= returns
// for them, plus api_excluded deals), and how many of the partner's other deals are locked for them
// (listed with the reasons on /locked: kept off this page, which every member opens, to keep it light).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { dealCardView, premiumBadgeClass } from "@/components/hosted/deal-card-view";
import { categoryLabel, isolate } from "@/components/hosted/deal-words";
import { DealGrid } from "@/components/hosted/deal-grid";
import { DealFilters, firstParam as one, listHref, type ListFilter } from "@/components/hosted/deal-filters";
import { UpgradeBanner } from "@/components/hosted/upgrade-banner";
import { ClaimableCount } from "@/components/hosted/claimable-count";
import { DealCounts } from "@/components/hosted/deal-counts";
import { hostedUi } from "@/components/hosted/styles";
import { HOSTED_PAGE_SIZE, HOSTED_SORTS, type HostedSort, listHostedDeals } from "@perkway/server/services/deals";
import { ShowMoreDeals } from "@/components/hosted/show-more-deals";
import type { HostedPartner } from "@perkway/server/services/partners";
import { SelfSignInForm } from "@/components/hosted/self-sign-in-form";
import { selfSignInWords } from "@/components/hosted/self-sign-in-words";
import { MemberSignInOptions } from "@/components/hosted/member-sign-in-options";
import { WelcomeIntro } from "@/components/hosted/hosted-frame";
import { requestSignInLink, trackEvent } from "./actions";
import { getSurface, loadMember, loadPartner } from "@/server/auth/member-context";
import { throwIfTestFault } from "./_lib/test-fault";
import { getLocale, getTranslations } from "next-intl/server";
import type { SupportedLocale } from "@/lib/locales";
import { WIDGET_RETURN_PARAM } from "@/lib/hosted/widget-return";

type Props = { params: Promise<{ subdomain: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const partner = await loadPartner((await params).subdomain);
  const t = await getTranslations("home");
  return { title: { absolute: partner ? t("metaTitle", { name: partner.name }) : t("pageNotFound") }, robots: { index: false, follow: false } };
}

export default async function HostedHomePage({ params, searchParams }: Props) {
  const { subdomain } = await params;
  const partner = await loadPartner(subdomain);
  if (!partner) notFound();
  const [surface, member, sp] = await Promise.all([getSurface(subdomain), loadMember(partner), searchParams]);
  await throwIfTestFault("page");
  if (!member) {
    // In the widget, the page that embeds it (the snippet passes it): a link asked for here comes back there.
    const returnTo = surface.surface === "embed" ? one(sp[WIDGET_RETURN_PARAM]) || null : null;
    return <Welcome partner={partner} signedOut={one(sp.signed_out) === "1"} surface={surface.surface} base={surface.base} returnTo={returnTo} />;
  }
  const [t, tw, td, tAll, locale] = await Promise.all([getTranslations("home"), getTranslations("welcome"), getTranslations("deal"), getTranslations(), getLocale()]);

  const sortParam = one(sp.sort);
  const filter: ListFilter = { q: one(sp.q).slice(0, 200), category: one(sp.category).slice(0, 100), sort: sortParam in HOSTED_SORTS ? (sortParam as HostedSort) : "for_you" };
  const page = Math.min(Math.max(1, Math.floor(Number(one(sp.page))) || 1), 250);
  const list = await listHostedDeals(member, filter, { limit: page * HOSTED_PAGE_SIZE, locale: locale as SupportedLocale });
  const base = surface.base;
  const filtered = Boolean(filter.q || filter.category);
  // What the list is narrowed to, in the heading: on a phone the chosen chip may be scrolled away.
  // Category names in the member's language (dealText.category), else as the catalogue names them.
  const categories = list.categories.map((c) => ({ slug: c.slug, name: categoryLabel(tAll, c) })).sort((a, b) => a.name.localeCompare(b.name, locale));
  const categoryName = categories.find((c) => c.slug === filter.category)?.name;
  const filterLabel = `${categoryName ? ` ${t("inCategory", { category: categoryName })}` : ""}${filter.q ? ` ${t("matching", { q: isolate(filter.q) })}` : ""}`;
  // The same locked deals as /locked (every sort): its premium part (docs/hosted-app.md, "The member's numbers").
  const premiumLocked = partner.freemiumEnabled ? list.counts.premium : 0;

  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      <section>
        <h1 className="text-xl font-bold tracking-tight text-foreground sm:text-2xl" data-testid="partner-name">
          {tw("title", { name: partner.name })}
        </h1>
        {partner.branding.headline ? <p className="mt-1 text-sm font-medium text-foreground sm:text-base">{partner.branding.headline}</p> : null}
        <ClaimableCount count={list.claimableCount} />
      </section>
      {premiumLocked && partner.upgradeUrl ? (
        // On a phone the banner follows the deals: the member's own deals come first on a small screen.
        <div className="order-last sm:order-none">
          <UpgradeBanner upgradeUrl={partner.upgradeUrl} track={trackEvent}>
            <span className="font-semibold">{t("premiumWaiting", { count: premiumLocked })}</span> {t("upgradeToUnlock", { count: premiumLocked })}
          </UpgradeBanner>
        </div>
      ) : null}
      <DealFilters base={base} filter={filter} categories={categories} />
      <section aria-labelledby="deals-heading">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="deals-heading" className="text-lg font-semibold text-foreground">
            {t("yourDeals")}
            {filterLabel} <span className="font-normal text-muted-foreground">({list.total})</span>
          </h2>
          {filtered && list.deals.length ? (
            <a href={listHref(base, { sort: filter.sort })} className="text-sm font-medium text-foreground underline">
              {t("showAll")}
            </a>
          ) : null}
        </div>
        <DealCounts counts={list.counts} of="listed" className="-mt-1 mb-3 text-sm text-muted-foreground" />
        {list.deals.length ? (
          <>
            <DealGrid
              testId="deal-list"
              badgeClass={premiumBadgeClass}
              premiumLabel={td("premium")}
              cards={list.deals.map((d) => dealCardView(d, { freemium: partner.freemiumEnabled, t: tAll, locale }))}
              dealsPath={`${base}/deals`}
              track={trackEvent}
            />
            <ShowMoreDeals shown={list.deals.length} total={list.total} listHref={listHref(base, filter)} page={page} className={hostedUi.secondary} words={{ showing: t("showingOf", { shown: list.deals.length, total: list.total }), more: t("showMore") }} />
          </>
        ) : (
          <div className="rounded-xl border border-dashed bg-card p-8 text-center">
            <p className="font-medium text-foreground">{filtered ? t("noMatch") : t("noneYet")}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              {filtered ? (
                <a href={listHref(base, {})} className="font-medium text-foreground underline">
                  {t("clearSearch")}
                </a>
              ) : (
                t("checkBack")
              )}
            </p>
          </div>
        )}
      </section>
      {list.locked.length ? (
        <section aria-labelledby="locked-heading" className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="locked-heading" className="text-base font-semibold text-foreground">
              {t("lockedDeals")} <span className="font-normal text-muted-foreground">({list.locked.length})</span>
            </h2>
            <p className="mt-0.5 text-sm text-muted-foreground">
              {t("lockedMore", { count: list.locked.length, partner: partner.name })}
            </p>
            <DealCounts counts={list.counts} of="locked" className="mt-0.5 text-sm text-muted-foreground" />
          </div>
          <a href={listHref(base, { q: filter.q, category: filter.category }, "locked")} className={hostedUi.secondary}>
            {t("seeWhy", { count: list.locked.length })}
          </a>
        </section>
      ) : null}
    </div>
  );
}

/** The hint under "Sign in" names only the ways in the partner left on (contract section 15). */
function signInHintKey({ emailLink, oidc }: HostedPartner["memberSignIn"]): "signInHint" | "signInHintIdp" | "signInHintHandoff" {
  return emailLink ? "signInHint" : oidc ? "signInHintIdp" : "signInHintHandoff";
}

async function Welcome({ partner, signedOut, surface, base, returnTo }: { partner: HostedPartner; signedOut: boolean; surface: "hosted" | "embed"; base: string; returnTo: string | null }) {
  const t = await getTranslations("welcome");
  return (
    <WelcomeIntro
      name={partner.name}
      copy={{ title: t("title", { name: partner.name }), signIn: t("signIn"), signInHint: t(signInHintKey(partner.memberSignIn), { name: partner.name }) }}
      headline={partner.branding.headline}
      welcomeText={partner.branding.welcomeText}
      status={
        signedOut ? (
          <p role="status" className="mt-6 rounded-md bg-success/15 px-3 py-2 text-sm text-foreground">
            {t("signedOut")}
          </p>
        ) : null
      }
    >
      <MemberSignInOptions partner={partner} surface={surface} base={base} buttonClass={hostedUi.primary}>
        <SelfSignInForm action={requestSignInLink} classes={hostedUi} words={await selfSignInWords(partner.name, partner.memberAccess === "request")} returnTo={returnTo} />
      </MemberSignInOptions>
    </WelcomeIntro>
  );
}
