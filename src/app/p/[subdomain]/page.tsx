// / on {subdomain}.{APP_DOMAIN}, /p/{subdomain} and /embed/{subdomain}: signed out, the partner's
// welcome; signed in, the member's deals (server-rendered; only what GET /v1/deals?user_id= returns
// for them, plus api_excluded deals), and how many of the partner's other deals are locked for them
// (listed with the reasons on /locked: kept off this page, which every member opens, to keep it light).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { dealCardView, premiumBadgeClass } from "@/components/hosted/deal-card-view";
import { DealGrid } from "@/components/hosted/deal-grid";
import { DealFilters, firstParam as one, listHref, type ListFilter } from "@/components/hosted/deal-filters";
import { UpgradeBanner } from "@/components/hosted/upgrade-banner";
import { hostedUi } from "@/components/hosted/styles";
import { HOSTED_SORTS, type HostedSort, listHostedDeals } from "@/server/services/deals";
import type { HostedPartner } from "@/server/services/partners";
import { SelfSignInForm } from "@/components/hosted/self-sign-in-form";
import { WelcomeIntro } from "@/components/hosted/hosted-frame";
import { requestSignInLink, trackEvent } from "./actions";
import { getSurface, loadMember, loadPartner } from "./_lib/member-context";

type Props = { params: Promise<{ subdomain: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const partner = await loadPartner((await params).subdomain);
  return { title: { absolute: partner ? `${partner.name} perks` : "Page not found" }, robots: { index: false, follow: false } };
}

export default async function HostedHomePage({ params, searchParams }: Props) {
  const { subdomain } = await params;
  const partner = await loadPartner(subdomain);
  if (!partner) notFound();
  const [surface, member, sp] = await Promise.all([getSurface(subdomain), loadMember(partner), searchParams]);
  if (!member) return <Welcome partner={partner} signedOut={one(sp.signed_out) === "1"} />;

  const sortParam = one(sp.sort);
  const filter: ListFilter = { q: one(sp.q).slice(0, 200), category: one(sp.category).slice(0, 100), sort: sortParam in HOSTED_SORTS ? (sortParam as HostedSort) : "recommended" };
  const list = await listHostedDeals(member, filter);
  const base = surface.base;
  const filtered = Boolean(filter.q || filter.category);
  // What the list is narrowed to, in the heading: on a phone the chosen chip may be scrolled away.
  const categoryName = list.categories.find((c) => c.slug === filter.category)?.name;
  const filterLabel = `${categoryName ? ` in ${categoryName}` : ""}${filter.q ? ` matching “${filter.q}”` : ""}`;
  const premiumLocked = partner.freemiumEnabled ? list.locked.filter((d) => d.lock?.code === "tier").length : 0;

  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      <section>
        <h1 className="text-xl font-bold tracking-tight text-foreground sm:text-2xl" data-testid="partner-name">
          {partner.name} perks
        </h1>
        {partner.branding.headline ? <p className="mt-1 text-sm font-medium text-foreground sm:text-base">{partner.branding.headline}</p> : null}
      </section>
      {premiumLocked && partner.upgradeUrl ? (
        // On a phone the banner follows the deals: the member's own deals come first on a small screen.
        <div className="order-last sm:order-none">
          <UpgradeBanner upgradeUrl={partner.upgradeUrl} track={trackEvent}>
            <span className="font-semibold">{premiumLocked === 1 ? "1 premium deal is" : `${premiumLocked} premium deals are`} waiting for you.</span> Upgrade your membership to unlock {premiumLocked === 1 ? "it" : "them"}.
          </UpgradeBanner>
        </div>
      ) : null}
      <DealFilters base={base} filter={filter} categories={list.categories} />
      <section aria-labelledby="deals-heading">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="deals-heading" className="text-lg font-semibold text-foreground">
            Your deals{filterLabel} <span className="font-normal text-muted-foreground">({list.deals.length})</span>
          </h2>
          {filtered && list.deals.length ? (
            <a href={listHref(base, { sort: filter.sort })} className="text-sm font-medium text-foreground underline">
              Show all deals
            </a>
          ) : null}
        </div>
        {list.deals.length ? (
          <DealGrid testId="deal-list" badgeClass={premiumBadgeClass} cards={list.deals.map(dealCardView)} dealsPath={`${base}/deals`} track={trackEvent} />
        ) : (
          <div className="rounded-xl border border-dashed bg-card p-8 text-center">
            <p className="font-medium text-foreground">{filtered ? "No deals match your search." : "No deals are available to you yet."}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              {filtered ? (
                <a href={listHref(base, {})} className="font-medium text-foreground underline">
                  Clear the search and show all deals
                </a>
              ) : (
                "Check back soon, or ask your organization which deals you can access."
              )}
            </p>
          </div>
        )}
      </section>
      {list.locked.length ? (
        <section aria-labelledby="locked-heading" className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="locked-heading" className="text-base font-semibold text-foreground">
              Locked deals <span className="font-normal text-muted-foreground">({list.locked.length})</span>
            </h2>
            <p className="mt-0.5 text-sm text-muted-foreground">
              {partner.name} offers {list.locked.length === 1 ? "one more deal" : `${list.locked.length} more deals`} that you can&apos;t redeem yet.
            </p>
          </div>
          <a href={listHref(base, { q: filter.q, category: filter.category }, "locked")} className={hostedUi.secondary}>
            See why {list.locked.length === 1 ? "1 deal is" : `${list.locked.length} deals are`} locked
          </a>
        </section>
      ) : null}
    </div>
  );
}

function Welcome({ partner, signedOut }: { partner: HostedPartner; signedOut: boolean }) {
  return (
    <WelcomeIntro
      name={partner.name}
      headline={partner.branding.headline}
      welcomeText={partner.branding.welcomeText}
      status={
        signedOut ? (
          <p role="status" className="mt-6 rounded-md bg-success/15 px-3 py-2 text-sm text-foreground">
            You are signed out.
          </p>
        ) : null
      }
    >
      <SelfSignInForm action={requestSignInLink} classes={hostedUi} partnerName={partner.name} />
    </WelcomeIntro>
  );
}
