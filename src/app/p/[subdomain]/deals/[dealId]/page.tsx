// /deals/{id}: one deal for the signed-in member, with the redemption panel for its method, or why
// it is locked (and the upgrade call to action for premium deals under freemium).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ArrowLeft, ExternalLink, Lock } from "lucide-react";
import { DealLogo } from "@/components/hosted/deal-logo";
import { SignInPrompt } from "@/components/hosted/sign-in-prompt";
import { RedemptionPanel } from "@/components/hosted/redemption-panel";
import { hostedUi } from "@/components/hosted/styles";
import { Badge } from "@/components/ui/badge";
import { TrackView } from "@/components/hosted/track-view";
import { UpgradeCta } from "@/components/hosted/upgrade-cta";
import { isUuid } from "@/server/domain/ids";
import { getHostedDeal } from "@/server/services/hosted/hosted-deals";
import { findClaimedCode } from "@/server/services/hosted/hosted-redemption";
import { lockText, lockTitle } from "@/server/services/hosted/lock-reasons";
import { revealDeal, sendInquiry, trackEvent } from "../../actions";
import { getSurface, loadMember, loadPartner } from "../../_lib/member-context";

type Props = { params: Promise<{ subdomain: string; dealId: string }> };

async function load(subdomain: string, dealId: string) {
  const partner = await loadPartner(subdomain);
  if (!partner) return null;
  const member = await loadMember(partner);
  const deal = member && isUuid(dealId) ? await getHostedDeal(member, dealId) : null;
  return { partner, member, deal };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { subdomain, dealId } = await params;
  const loaded = await load(subdomain, dealId);
  return { title: { absolute: loaded?.deal ? `${loaded.deal.productName} · ${loaded.partner.name} perks` : "Deal" }, robots: { index: false, follow: false } };
}

export default async function DealPage({ params }: Props) {
  const { subdomain, dealId } = await params;
  const loaded = await load(subdomain, dealId);
  if (!loaded) notFound();
  const { partner, member, deal } = loaded;
  const { base } = await getSurface(subdomain);
  if (!member) {
    return <SignInPrompt title="Sign in to see this deal" partnerName={partner.name} />;
  }
  if (!deal) notFound();
  const claimedCode = deal.method === "unique_code" && !deal.lock ? await findClaimedCode(member, deal.id) : null;
  const upgradeUrl = deal.lock === "tier" && partner.freemiumEnabled ? partner.upgradeUrl : null;

  return (
    <div className="space-y-5">
      <a href={base || "/"} className="inline-flex items-center gap-1 text-sm font-medium text-foreground underline-offset-2 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All deals
      </a>
      <article className="grid gap-5 lg:grid-cols-[1fr_360px]">
        <div className={`rounded-xl border bg-card text-card-foreground shadow-xs space-y-4 p-5`}>
          <div className="flex items-start gap-4">
            <DealLogo url={deal.logoUrl} name={deal.productName} size={64} />
            <div className="min-w-0">
              <h1 className="text-2xl font-bold leading-tight text-foreground [overflow-wrap:anywhere]">{deal.productName}</h1>
              {deal.categories.length ? <p className="mt-1 text-sm text-muted-foreground">{deal.categories.map((c) => c.name).join(" · ")}</p> : null}
            </div>
          </div>
          <p className="text-xl font-bold text-foreground">{deal.headline}</p>
          {deal.perkDescription && deal.marketValue && deal.perkDescription !== deal.marketValue ? <p className="text-sm text-muted-foreground">Worth {deal.marketValue}</p> : null}
          <div className="flex flex-wrap gap-2">
            {deal.tier === "premium" ? <Badge variant="secondary">Premium</Badge> : null}
            {deal.status === "coming_soon" ? <Badge variant="warning">Coming soon</Badge> : null}
            {deal.endDate ? <Badge variant="outline">Ends {deal.endDate}</Badge> : null}
          </div>
          <p className="whitespace-pre-line text-foreground">{deal.longDescription || deal.shortDescription}</p>
          {deal.eligibilityRequirements ? (
            <div>
              <h2 className="text-sm font-semibold text-foreground">Who can get it</h2>
              <p className="mt-1 whitespace-pre-line text-sm text-muted-foreground">{deal.eligibilityRequirements}</p>
            </div>
          ) : null}
          {deal.approvalRequired ? <p className="text-sm text-muted-foreground">The provider approves each request{deal.approvalTime ? ` (usually within ${deal.approvalTime})` : ""}.</p> : null}
          {deal.productUrl ? (
            <a href={deal.productUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-foreground underline">
              About {deal.productName} <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
        <div>
          {deal.lock ? (
            <section aria-labelledby="lock-heading" className={`rounded-xl border bg-card text-card-foreground shadow-xs space-y-3 p-5`} data-testid="deal-locked">
              <h2 id="lock-heading" className="flex items-center gap-2 text-lg font-semibold text-foreground">
                <Lock aria-hidden="true" className="h-4 w-4" /> {lockTitle(deal.lock)}
              </h2>
              <p className="text-sm text-foreground">{lockText(deal.lock)}</p>
              {upgradeUrl ? <UpgradeCta href={upgradeUrl} track={trackEvent} dealId={deal.id} className={hostedUi.primary} /> : null}
              {deal.lock === "tier" && !upgradeUrl ? <p className="text-sm text-muted-foreground">Ask {partner.name} how to upgrade.</p> : null}
            </section>
          ) : deal.method ? (
            <RedemptionPanel dealId={deal.id} method={deal.method} productName={deal.productName} claimedCode={claimedCode} track={trackEvent} reveal={revealDeal} inquire={sendInquiry} ui={hostedUi} />
          ) : (
            <p className={`rounded-xl border bg-card text-card-foreground shadow-xs p-5 text-sm text-foreground`}>Redemption details for this deal are not available yet.</p>
          )}
        </div>
      </article>
      <TrackView track={trackEvent} type="deal_detail_viewed" dealId={deal.id} />
    </div>
  );
}
