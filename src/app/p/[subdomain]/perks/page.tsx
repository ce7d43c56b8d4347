// /perks ("My perks"): what the signed-in member has from the programme — the codes they claimed,
// their access requests and their status, and the deals they redeemed — each linking to its deal.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ArrowLeftIcon } from "@/components/hosted/icons";
import { SignInPrompt } from "@/components/hosted/sign-in-prompt";
import { Badge } from "@/components/ui/badge";
import { listMemberPerks } from "@perkway/server/services/members";
import { getSurface, loadMember, loadPartner } from "@/server/auth/member-context";
import { getLocale, getTranslations } from "next-intl/server";
import { formatMemberDate } from "@/components/hosted/format-date";

type Props = { params: Promise<{ subdomain: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const partner = await loadPartner((await params).subdomain);
  const [t, tw, th] = await Promise.all([getTranslations("perks"), getTranslations("welcome"), getTranslations("home")]);
  return { title: { absolute: partner ? `${t("title")} · ${tw("title", { name: partner.name })}` : th("pageNotFound") }, robots: { index: false, follow: false } };
}

const REQUEST_BADGE = {
  pending: { label: "status.pending", variant: "warning" },
  approved: { label: "status.approved", variant: "success" },
  declined: { label: "status.declined", variant: "destructive" },
  withdrawn: { label: "status.withdrawn", variant: "outline" },
} as const;

export default async function MyPerksPage({ params }: Props) {
  const { subdomain } = await params;
  const partner = await loadPartner(subdomain);
  if (!partner) notFound();
  const [{ base }, member] = await Promise.all([getSurface(subdomain), loadMember(partner)]);
  const [t, td, locale] = await Promise.all([getTranslations("perks"), getTranslations("deal"), getLocale()]);
  if (!member) return <SignInPrompt title={t("signInToSee")} partnerName={partner.name} />;
  // Dates in the member's language, UTC like every date of the member surfaces.
  const formatDate = (d: Date | string) => formatMemberDate(d, locale);
  const perks = await listMemberPerks(member.scope, member.member.id);
  const dealHref = (id: string) => `${base}/deals/${id}`;
  const card = "rounded-xl border bg-card p-5 text-card-foreground shadow-xs";

  return (
    <div className="space-y-6">
      <a href={base || "/"} className="inline-flex items-center gap-1 text-sm font-medium text-foreground underline-offset-2 hover:underline">
        <ArrowLeftIcon className="h-4 w-4 rtl:rotate-180" /> {td("allDeals")}
      </a>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">{t("title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("intro", { partner: partner.name })}</p>
      </div>

      <section aria-labelledby="codes-heading" className={card}>
        <h2 id="codes-heading" className="text-lg font-semibold text-foreground">{t("codes")}</h2>
        {perks.codes.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t("noCodes")}</p>
        ) : (
          <ul className="mt-3 divide-y">
            {perks.codes.map((c) => (
              <li key={`${c.dealId}:${c.code}`} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <a href={dealHref(c.dealId)} className="min-w-0 font-medium text-foreground underline-offset-2 hover:underline [overflow-wrap:anywhere]">{c.productName}</a>
                <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <code className="rounded border border-dashed border-input bg-muted px-2 py-1 font-mono text-sm font-semibold text-foreground select-all">{c.code}</code>
                  {c.claimedAt ? <span>{t("claimedOn", { date: formatDate(c.claimedAt) })}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="requests-heading" className={card}>
        <h2 id="requests-heading" className="text-lg font-semibold text-foreground">{t("requests")}</h2>
        {perks.requests.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t("noRequests", { partner: partner.name })}</p>
        ) : (
          <ul className="mt-3 divide-y">
            {perks.requests.map((r) => (
              <li key={r.id} className="flex flex-col gap-1 py-3">
                <span className="flex flex-wrap items-center justify-between gap-2">
                  {r.dealId ? (
                    <a href={dealHref(r.dealId)} className="min-w-0 font-medium text-foreground underline-offset-2 hover:underline [overflow-wrap:anywhere]">{r.productName}</a>
                  ) : (
                    <span className="font-medium text-foreground">{t("membership")}</span>
                  )}
                  <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                    <span>{t("askedOn", { date: formatDate(r.createdAt) })}</span>
                    <Badge variant={REQUEST_BADGE[r.status].variant}>{t(REQUEST_BADGE[r.status].label)}</Badge>
                  </span>
                </span>
                {r.decisionNote ? <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{t("noteFrom", { partner: partner.name, note: r.decisionNote })}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="redeemed-heading" className={card}>
        <h2 id="redeemed-heading" className="text-lg font-semibold text-foreground">{t("redeemed")}</h2>
        {perks.redemptions.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t("noRedeemed")}</p>
        ) : (
          <ul className="mt-3 divide-y">
            {perks.redemptions.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <a href={dealHref(r.dealId)} className="min-w-0 font-medium text-foreground underline-offset-2 hover:underline [overflow-wrap:anywhere]">{r.productName}</a>
                <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  {/* One wording per kind of record (perks.record.*), the same on the member's page in the portal. */}
                  <span>{td("redeemedOn", { date: formatDate(r.redeemedAt) })}</span>
                  <Badge variant={r.kind === "confirmed" ? "success" : "outline"}>{t(`record.${r.kind}`, { partner: partner.name })}</Badge>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
