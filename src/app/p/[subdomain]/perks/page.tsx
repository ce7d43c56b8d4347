// /perks ("My perks"): what the signed-in member has from the programme — the codes they claimed,
// their access requests and their status, and the deals they redeemed — each linking to its deal.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ArrowLeft } from "lucide-react";
import { formatMemberDate } from "@/components/hosted/format-date";
import { SignInPrompt } from "@/components/hosted/sign-in-prompt";
import { Badge } from "@/components/ui/badge";
import { listMemberPerks } from "@/server/services/members";
import { getSurface, loadMember, loadPartner } from "../_lib/member-context";

type Props = { params: Promise<{ subdomain: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const partner = await loadPartner((await params).subdomain);
  return { title: { absolute: partner ? `My perks · ${partner.name} perks` : "Page not found" }, robots: { index: false, follow: false } };
}

const SOURCE_TEXT = { member: "Marked by you", partner: "Reported by " , provider: "Confirmed by the provider" } as const;

const REQUEST_BADGE = {
  pending: { label: "Waiting for approval", variant: "warning" },
  approved: { label: "Approved", variant: "success" },
  declined: { label: "Declined", variant: "destructive" },
  withdrawn: { label: "Withdrawn", variant: "outline" },
} as const;

export default async function MyPerksPage({ params }: Props) {
  const { subdomain } = await params;
  const partner = await loadPartner(subdomain);
  if (!partner) notFound();
  const [{ base }, member] = await Promise.all([getSurface(subdomain), loadMember(partner)]);
  if (!member) return <SignInPrompt title="Sign in to see your perks" partnerName={partner.name} />;
  const perks = await listMemberPerks(member.scope, member.member.id);
  const dealHref = (id: string) => `${base}/deals/${id}`;
  const card = "rounded-xl border bg-card p-5 text-card-foreground shadow-xs";

  return (
    <div className="space-y-6">
      <a href={base || "/"} className="inline-flex items-center gap-1 text-sm font-medium text-foreground underline-offset-2 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All deals
      </a>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">My perks</h1>
        <p className="mt-1 text-muted-foreground">Your codes, requests and redeemed deals at {partner.name}.</p>
      </div>

      <section aria-labelledby="codes-heading" className={card}>
        <h2 id="codes-heading" className="text-lg font-semibold text-foreground">Claimed codes</h2>
        {perks.codes.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No codes yet. Deals with a personal code show it here once you claim it.</p>
        ) : (
          <ul className="mt-3 divide-y">
            {perks.codes.map((c) => (
              <li key={`${c.dealId}:${c.code}`} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <a href={dealHref(c.dealId)} className="min-w-0 font-medium text-foreground underline-offset-2 hover:underline [overflow-wrap:anywhere]">{c.productName}</a>
                <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <code className="rounded border border-dashed border-input bg-muted px-2 py-1 font-mono text-sm font-semibold text-foreground select-all">{c.code}</code>
                  {c.claimedAt ? <span>claimed {formatMemberDate(c.claimedAt)}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="requests-heading" className={card}>
        <h2 id="requests-heading" className="text-lg font-semibold text-foreground">Access requests</h2>
        {perks.requests.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No requests. Some deals need {partner.name}&apos;s approval: ask for them on the deal&apos;s page.</p>
        ) : (
          <ul className="mt-3 divide-y">
            {perks.requests.map((r) => (
              <li key={r.id} className="flex flex-col gap-1 py-3">
                <span className="flex flex-wrap items-center justify-between gap-2">
                  {r.dealId ? (
                    <a href={dealHref(r.dealId)} className="min-w-0 font-medium text-foreground underline-offset-2 hover:underline [overflow-wrap:anywhere]">{r.productName}</a>
                  ) : (
                    <span className="font-medium text-foreground">Membership</span>
                  )}
                  <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                    <span>Asked on {formatMemberDate(r.createdAt)}</span>
                    <Badge variant={REQUEST_BADGE[r.status].variant}>{REQUEST_BADGE[r.status].label}</Badge>
                  </span>
                </span>
                {r.decisionNote ? <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">Note from {partner.name}: {r.decisionNote}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="redeemed-heading" className={card}>
        <h2 id="redeemed-heading" className="text-lg font-semibold text-foreground">Redeemed deals</h2>
        {perks.redemptions.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">Nothing redeemed yet. Press &ldquo;Mark as redeemed&rdquo; on a deal once you have used it.</p>
        ) : (
          <ul className="mt-3 divide-y">
            {perks.redemptions.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <a href={dealHref(r.dealId)} className="min-w-0 font-medium text-foreground underline-offset-2 hover:underline [overflow-wrap:anywhere]">{r.productName}</a>
                <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <span>Redeemed on {formatMemberDate(r.redeemedAt)}</span>
                  {r.confirmed ? <Badge variant="success">Confirmed by the provider</Badge> : <Badge variant="outline">{r.source === "partner" ? `${SOURCE_TEXT.partner}${partner.name}` : SOURCE_TEXT[r.source]}</Badge>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
