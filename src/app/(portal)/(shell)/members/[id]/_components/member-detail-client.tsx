"use client";
// One member: who they are, what they qualify as (marking answers they gave themselves), what they
// did (latest events), and what they got (codes, redemptions).
import Link from "next/link";
import { api, type RouterOutputs } from "@/trpc/react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DetailPage } from "@/components/portal/detail-page";
import { PageHeader } from "@/components/portal/page-header";
import { useDateFormat } from "@/components/portal/use-date-format";
import { EVENT_LABELS } from "../../../analytics/_components/event-labels";
import type { EventType } from "@/server/domain/enums";
import { labelOf, REQUEST_STATUS_LABELS, TIER_LABELS } from "@/server/domain/labels";
import { IdentityProviderCard } from "./identity-provider-card";

type Detail = RouterOutputs["members"]["detail"];

const DIMENSIONS: { key: string; label: string; field: (m: Detail["member"]) => string[] }[] = [
  { key: "user_types", label: "User types", field: (m) => m.user_types },
  { key: "regions", label: "Regions", field: (m) => m.regions },
  { key: "customer_type", label: "Customer type", field: (m) => m.eligibility_customer_type },
  { key: "company_stage", label: "Company stage", field: (m) => m.eligibility_company_stage },
  { key: "company_size", label: "Company size", field: (m) => m.eligibility_company_size },
  { key: "business_type", label: "Business type", field: (m) => m.eligibility_business_type },
  { key: "geography", label: "Country", field: (m) => m.eligibility_geography },
  { key: "incorporation", label: "Incorporation", field: (m) => m.eligibility_incorporation },
  { key: "funding", label: "Funding", field: (m) => m.eligibility_funding },
];

/** perks.record.* of messages/en.json (the hosted app's words for each kind of record). */
type RecordWords = Record<Detail["redemptions"][number]["kind"], string>;
const REQUEST_VARIANT = { pending: "default", approved: "success", declined: "destructive", withdrawn: "outline" } as const;

export function MemberDetailClient({ memberId, recordWords }: { memberId: string; recordWords: RecordWords }) {
  const detail = api.members.detail.useQuery({ id: memberId }, { retry: (n, e) => e.data?.code !== "NOT_FOUND" && n < 2 });
  return (
    <DetailPage back={{ href: "/members", label: "All members" }} query={detail} loadingLabel="Loading member">
      {(data) => <MemberDetail detail={data} recordWords={recordWords} />}
    </DetailPage>
  );
}

function MemberDetail({ detail, recordWords }: { detail: Detail; recordWords: RecordWords }) {
  const m = detail.member;
  const { dateTime } = useDateFormat();
  const when = (iso: string | null) => (iso ? dateTime(iso) : "—");
  const self = new Set(detail.self_reported);
  const answered = new Set(detail.answered);
  return (
    <>
      <PageHeader title={<span className="[overflow-wrap:anywhere]">{m.email}</span>} description={`Member since ${when(m.created_at)} · last signed in ${m.last_signed_in_at ? when(m.last_signed_in_at) : "never"}`} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Profile</CardTitle>
            <CardDescription>As your backend and the member supplied it.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">ID</dt>
              <dd className="break-all font-mono text-xs">{m.id}</dd>
              <dt className="text-muted-foreground">External ID</dt>
              <dd className="break-all">{m.external_user_id ?? "—"}</dd>
              <dt className="text-muted-foreground">Tier</dt>
              <dd>
                <Badge variant={m.tier === "premium" ? "default" : "secondary"}>{labelOf(TIER_LABELS, m.tier)}</Badge>
              </dd>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Eligibility</CardTitle>
            <CardDescription>What deals check; &ldquo;answered by the member&rdquo; marks answers from the hosted app.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {DIMENSIONS.map((d) => (
                <div key={d.key} className="contents">
                  <dt className="text-muted-foreground">{d.label}</dt>
                  <dd className="[overflow-wrap:anywhere]">
                    {/* Never answered: the defaults (every choice, or none) are not the member's answer. */}
                    {!answered.has(d.key) ? <span className="text-muted-foreground">Not answered yet</span> : d.field(m).length ? d.field(m).join(", ") : <span className="text-muted-foreground">none</span>}
                    {self.has(d.key) ? <Badge variant="outline" className="ml-2">answered by the member</Badge> : null}
                  </dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        {detail.identity_provider ? <IdentityProviderCard idp={detail.identity_provider} /> : null}
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Redemptions</CardTitle>
          <CardDescription>One per deal, whoever reported it first.</CardDescription>
        </CardHeader>
        <CardContent>
          {detail.redemptions.length === 0 ? (
            <p className="text-sm text-muted-foreground">No redemptions yet.</p>
          ) : (
            // A list, not a table: three columns do not fit a phone, and a table would scroll sideways.
            <ul className="divide-y text-sm" aria-label="Redemptions">
              {detail.redemptions.map((r) => (
                <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5 first:pt-0 last:pb-0">
                  <span className="font-medium [overflow-wrap:anywhere]">{r.deal_name}</span>
                  <span className="text-muted-foreground">
                    {when(r.redeemed_at)} ·{" "}
                    {/* The hosted app's words: "Reported by {partner}" is the partner's own report (API or /events/track). */}
                    <Badge variant={r.kind === "confirmed" ? "success" : "outline"}>{recordWords[r.kind].replace("{partner}", "your backend")}</Badge>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Access requests</CardTitle>
          <CardDescription>Requests for deals that need your approval. Decide them in the <Link href="/inbox?kind=access_request" className="underline underline-offset-2">inbox</Link>.</CardDescription>
        </CardHeader>
        <CardContent>
          {detail.requests.length === 0 ? (
            <p className="text-sm text-muted-foreground">No access requests.</p>
          ) : (
            <ul className="divide-y text-sm" aria-label="Access requests">
              {detail.requests.map((r) => (
                <li key={r.id} className="flex flex-col gap-1 py-2">
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="[overflow-wrap:anywhere]">{r.deal_name ?? "A deal"}</span>
                    <span className="flex items-center gap-2">
                      <Badge variant={REQUEST_VARIANT[r.status]}>{labelOf(REQUEST_STATUS_LABELS, r.status)}</Badge>
                      <span className="text-muted-foreground">{when(r.created_at)}</span>
                    </span>
                  </span>
                  {r.decision_note ? <span className="text-muted-foreground [overflow-wrap:anywhere]">Note: {r.decision_note}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Claimed codes</CardTitle>
        </CardHeader>
        <CardContent>
          {detail.codes.length === 0 ? (
            <p className="text-sm text-muted-foreground">No codes claimed.</p>
          ) : (
            <ul className="divide-y text-sm">
              {detail.codes.map((c) => (
                <li key={`${c.deal_id}:${c.code}`} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="[overflow-wrap:anywhere]">{c.deal_name}</span>
                  <span className="flex gap-2">
                    <code className="font-mono">{c.code}</code>
                    <span className="text-muted-foreground">{when(c.claimed_at)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Events</CardTitle>
          <CardDescription>The latest 100, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          {detail.events.length === 0 ? (
            <p className="text-sm text-muted-foreground">No events yet: the member has not opened your deals.</p>
          ) : (
            <ol className="divide-y text-sm" aria-label="Events timeline">
              {detail.events.map((e) => (
                <li key={e.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    <span className="font-medium">{EVENT_LABELS[e.event_type as EventType] ?? e.event_type}</span>
                    {e.deal_name ? <span className="text-muted-foreground"> · {e.deal_name}</span> : null}
                    <span className="text-muted-foreground"> · {e.source === "hosted" ? "hosted app" : "API"}</span>
                  </span>
                  <time dateTime={e.occurred_at} className="whitespace-nowrap text-muted-foreground">{when(e.occurred_at)}</time>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </>
  );
}
