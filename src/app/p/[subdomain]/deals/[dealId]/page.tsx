// /deals/{id}: one deal for the signed-in member, with the redemption panel for its method, or why
// it is locked (and the upgrade call to action for premium deals under freemium).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ArrowLeftIcon, ExternalLinkIcon, LockIcon, SparklesIcon } from "@/components/hosted/icons";
import { DealLogo } from "@/components/hosted/deal-logo";
import { SignInPrompt } from "@/components/hosted/sign-in-prompt";
import { RedemptionPanel } from "@/components/hosted/redemption-panel";
import { hostedUi } from "@/components/hosted/styles";
import { Badge } from "@/components/ui/badge";
import { TrackView } from "@/components/hosted/track-view";
import { UpgradeCta } from "@/components/hosted/upgrade-cta";
import { isUuid } from "@perkway/server/domain/ids";
import { findClaimedCode, findRedeemedAt, getHostedDeal, latestDealRequests } from "@perkway/server/services/deals";
import { AccessRequestPanel } from "@/components/hosted/access-request-panel";
import { dimensionOfLock, isDefaultAnswer } from "@perkway/server/domain/member-profile";
import { getMemberProfile } from "@perkway/server/services/members";
import { memberLockWords, questionLabel } from "@/components/hosted/lock-reasons";
import { categoryLabel, isolate, localizeApprovalTime, valueLines } from "@/components/hosted/deal-words";
import { markRedeemed, requestAccess, revealDeal, sendInquiry, trackEvent, withdrawAccessRequest } from "../../actions";
import { getSurface, loadMember, loadPartner } from "@/server/auth/member-context";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { formatMemberDate } from "@/components/hosted/format-date";
import type { SupportedLocale } from "@/lib/locales";

type Props = { params: Promise<{ subdomain: string; dealId: string }> };

async function load(subdomain: string, dealId: string) {
  const partner = await loadPartner(subdomain);
  if (!partner) return null;
  const member = await loadMember(partner);
  const locale = (await getLocale()) as SupportedLocale;
  const deal = member && isUuid(dealId) ? await getHostedDeal(member, dealId, { locale }) : null;
  return { partner, member, deal };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { subdomain, dealId } = await params;
  const loaded = await load(subdomain, dealId);
  const [t, tw] = await Promise.all([getTranslations("deal"), getTranslations("welcome")]);
  return { title: { absolute: loaded?.deal ? `${loaded.deal.productName} · ${tw("title", { name: loaded.partner.name })}` : t("metaTitle") }, robots: { index: false, follow: false } };
}

export default async function DealPage({ params }: Props) {
  const { subdomain, dealId } = await params;
  const loaded = await load(subdomain, dealId);
  if (!loaded) notFound();
  const { partner, member, deal } = loaded;
  const { base } = await getSurface(subdomain);
  const [t, tAll, locale] = await Promise.all([getTranslations("deal"), getTranslations(), getLocale()]);
  if (!member) {
    return <SignInPrompt title={t("signInToSee")} partnerName={partner.name} />;
  }
  if (!deal) notFound();
  const perk = valueLines(tAll, locale, deal.perk, deal.value);
  const approvalTime = deal.approvalTime ? localizeApprovalTime(tAll, deal.approvalTime, locale) : null;
  // Dates in the member's language, UTC like every date of the member surfaces.
  const formatDate = (d: Date | string) => formatMemberDate(d, locale);
  const [claimedCode, redeemedAt, requests] = await Promise.all([
    deal.method === "unique_code" && !deal.lock ? findClaimedCode(member, deal.id) : null,
    findRedeemedAt(member, deal.id),
    deal.approvalRequired && !deal.lock ? latestDealRequests(member.scope, member.member.id, [deal.id]) : null,
  ]);
  const request = requests?.get(deal.id) ?? null;
  // A lock the member's own answer could lift: name the answer and link to it.
  const lockDimension = deal.lock ? dimensionOfLock(deal.lock.code) : null;
  const profileField = lockDimension ? (await getMemberProfile(member.scope, member.member)).find((f) => f.dimension === lockDimension && f.editable) : undefined;
  // An approval-required deal: its redemption opens once the member's request is approved.
  const awaitingApproval = deal.approvalRequired && !deal.lock && request?.status !== "approved";
  const redeemedOn = redeemedAt ? formatDate(redeemedAt) : null;
  const upgradeUrl = deal.lock?.code === "tier" && partner.freemiumEnabled ? partner.upgradeUrl : null;
  const lockWords = deal.lock ? memberLockWords(deal.lock, tAll, locale, { askProfile: !profileField }) : null;

  return (
    <div className="space-y-5">
      <a href={base || "/"} className="inline-flex items-center gap-1 text-sm font-medium text-foreground underline-offset-2 hover:underline">
        <ArrowLeftIcon className="h-4 w-4 rtl:rotate-180" /> {t("allDeals")}
      </a>
      {/* minmax(0, …): a long word or code never widens the column past a phone's screen. */}
      <article className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className={`rounded-xl border bg-card text-card-foreground shadow-xs space-y-4 p-5`}>
          <div className="flex items-start gap-4">
            <DealLogo url={deal.logoUrl} name={deal.productName} size={64} />
            <div className="min-w-0">
              {/* dir="auto": the deal's text (its own where it has no translation) keeps its direction in a page of another */}
              <h1 dir="auto" className="text-2xl font-bold leading-tight text-foreground [overflow-wrap:anywhere]">
                {deal.productName}
              </h1>
              {deal.categories.length ? <p className="mt-1 text-sm text-muted-foreground">{deal.categories.map((c) => categoryLabel(tAll, c)).join(" · ")}</p> : null}
            </div>
          </div>
          <p dir="auto" className="text-xl font-bold text-foreground">
            {perk.headline}
          </p>
          {perk.worth ? <p className="text-sm text-muted-foreground">{perk.worth}</p> : null}
          <div className="flex flex-wrap gap-2">
            {partner.freemiumEnabled && deal.tier === "premium" ? <Badge variant="secondary">{t("premium")}</Badge> : null}
            {deal.status === "coming_soon" ? <Badge variant="warning">{t("comingSoon")}</Badge> : null}
            {deal.endDate ? <Badge variant="outline">{t("ends", { date: formatDate(deal.endDate) })}</Badge> : null}
          </div>
          <p dir="auto" className="whitespace-pre-line text-foreground">
            {deal.longDescription || deal.shortDescription}
          </p>
          {deal.eligibilityRequirements ? (
            <div>
              <h2 className="text-sm font-semibold text-foreground">{t("whoCanGetIt")}</h2>
              <p dir="auto" className="mt-1 whitespace-pre-line text-sm text-muted-foreground">
                {deal.eligibilityRequirements}
              </p>
            </div>
          ) : null}
          {deal.approvalRequired ? (
            request?.status === "approved" ? (
              <p className="text-sm font-medium text-success" data-testid="access-approved">
                {request.decidedAt ? t("approvedOn", { partner: partner.name, date: formatDate(request.decidedAt) }) : t("approved", { partner: partner.name })}
                {request.decisionNote ? ` ${t("approvalNote", { note: request.decisionNote })}` : ""}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">{approvalTime ? t("approvesEachWithin", { partner: partner.name, time: approvalTime }) : t("approvesEach", { partner: partner.name })}</p>
            )
          ) : null}
          {deal.productUrl ? (
            <a href={deal.productUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-foreground underline">
              {t("about", { product: isolate(deal.productName) })} <ExternalLinkIcon className="h-3.5 w-3.5" />
              <span className="sr-only"> {t("opensInNewTab")}</span>
            </a>
          ) : null}
        </div>
        <div>
          {deal.lock ? (
            <section aria-labelledby="lock-heading" className={`rounded-xl border bg-card text-card-foreground shadow-xs space-y-3 p-5`} data-testid="deal-locked">
              <h2 id="lock-heading" className="flex items-center gap-2 text-lg font-semibold text-foreground">
                <LockIcon className="h-4 w-4" /> {lockWords?.title}
              </h2>
              <p className="text-sm text-foreground">{lockWords?.text}</p>
              {profileField ? (
                <p className="text-sm text-foreground" data-testid="missing-answer">
                  {isDefaultAnswer(profileField.dimension, profileField.values)
                    ? t("noAnswer", { question: questionLabel(tAll, profileField.dimension) })
                    : t("noMatch", { question: questionLabel(tAll, profileField.dimension) })}{" "}
                  <a href={`${base}/profile?need=${profileField.dimension}&back=${deal.id}`} className="font-medium underline">
                    {isDefaultAnswer(profileField.dimension, profileField.values) ? t("answerIt") : t("checkProfile")}
                  </a>
                </p>
              ) : null}
              {redeemedOn ? <p className="text-sm font-medium text-success">{t("redeemedOn", { date: redeemedOn })}</p> : null}
              {upgradeUrl ? <UpgradeCta href={upgradeUrl} track={trackEvent} dealId={deal.id} className={hostedUi.primary} label={t("upgradeToUnlock")} newTabLabel={t("opensInNewTab")} icon={<SparklesIcon className="h-4 w-4" />} /> : null}
              {deal.lock?.code === "tier" && !upgradeUrl ? <p className="text-sm text-muted-foreground">{t("askUpgrade", { partner: partner.name })}</p> : null}
            </section>
          ) : awaitingApproval ? (
            <AccessRequestPanel
              dealId={deal.id}
              partnerName={partner.name}
              approvalTime={approvalTime}
              request={
                request ? { id: request.id, status: request.status, askedOn: formatDate(request.createdAt), decidedOn: request.decidedAt ? formatDate(request.decidedAt) : null, note: request.decisionNote } : null
              }
              requestAccess={requestAccess}
              withdraw={withdrawAccessRequest}
              ui={hostedUi}
              words={(await getMessages()).access}
            />
          ) : deal.noCodes ? (
            <section aria-labelledby="no-codes-heading" className={`rounded-xl border bg-card text-card-foreground shadow-xs space-y-2 p-5`} data-testid="deal-no-codes">
              <h2 id="no-codes-heading" className="text-lg font-semibold text-foreground">
                {tAll("lock.titleNoCodes")}
              </h2>
              <p className="text-sm text-foreground">{tAll("lock.noCodes")}</p>
              {redeemedOn ? <p className="text-sm font-medium text-success">{t("redeemedOn", { date: redeemedOn })}</p> : null}
            </section>
          ) : deal.method ? (
            <RedemptionPanel dealId={deal.id} method={deal.method} productName={isolate(deal.productName)} claimedCode={claimedCode} redeemedOn={redeemedOn} track={trackEvent} reveal={revealDeal} inquire={sendInquiry} markRedeemed={markRedeemed} ui={hostedUi} words={(await getMessages()).redeem} />
          ) : (
            <p className={`rounded-xl border bg-card text-card-foreground shadow-xs p-5 text-sm text-foreground`}>{t("notAvailable")}</p>
          )}
        </div>
      </article>
      <TrackView track={trackEvent} type="deal_detail_viewed" dealId={deal.id} />
    </div>
  );
}
