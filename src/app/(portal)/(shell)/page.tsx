// / — the portal overview: the last 30 days at a glance (the figures of GET /v1/analytics?days=30,
// with daily trend lines from the day rollups), the onboarding checklist, top deals. A super admin
// who is not viewing a partner gets the platform's entry points instead.
import { ArrowRight, Building2, CheckCircle2, Circle, FolderTree, Gauge, Library, Handshake } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/portal/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import type { EventType } from "@perkway/server/domain/enums";
import { formatDateTime } from "@/lib/format-date";
import { getServerApi } from "@/trpc/server";
import { HealthStatus } from "../_components/health-status";
import { Sparkline } from "./_components/sparkline";

export const metadata: Metadata = { title: "Overview" };
export const dynamic = "force-dynamic";

export default async function OverviewPage() {
  const { actor, email, name, scope, environment } = await requireAdminSession();
  const role = actor.role === "super_admin" ? "Super admin" : "Partner admin";
  const signedIn = (
    <p className="text-xs text-muted-foreground">
      Signed in as <span data-testid="admin-email">{email}</span> · <span data-testid="admin-role">{role}</span>
    </p>
  );

  if (!scope) {
    const links = [
      { href: "/partners", label: "Partners", text: "Create partners, activate or deactivate them, open a partner's portal read-only.", icon: Building2 },
      { href: "/catalogue", label: "Catalogue", text: "The servicepass deals every partner's members can meet.", icon: Library },
      { href: "/categories", label: "Categories", text: "Name, order and merge the catalogue's categories.", icon: FolderTree },
      { href: "/providers", label: "Providers", text: "Provider accounts, their deals and users, and their change requests.", icon: Handshake },
      { href: "/platform", label: "Platform", text: "Per-partner figures and the platform-wide activity log.", icon: Gauge },
    ];
    return (
      <>
        <PageHeader title="Overview" description={`Welcome back${name ? `, ${name}` : ""}. You run the Perkway platform.`} />
        <div className="mb-6 flex flex-wrap items-center justify-between gap-2">
          {signedIn}
          <HealthStatus />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {links.map(({ href, label, text, icon: Icon }) => (
            <Link key={href} href={href} className="group rounded-xl border bg-card p-5 shadow-xs transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
              <Icon className="mb-3 size-5 text-primary" aria-hidden="true" />
              <p className="font-semibold">{label}</p>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </Link>
          ))}
        </div>
      </>
    );
  }

  // The same procedure the client would call (and bench/portal.ts measures): one round of queries.
  const { summary, daily, onboarding } = await (await getServerApi()).analytics.overview();
  const series = (type: EventType) => daily.days.map((day, i) => ({ day, value: daily.series[type]?.[i] ?? 0 }));
  const kpis = [
    { label: "Members", value: summary.total_users, note: "in this environment", series: null },
    { label: "Active members", value: summary.active_users, note: "with an event in 30 days", series: null },
    { label: "Deal views", value: summary.total_deal_views, note: "deal_detail_viewed", series: series("deal_detail_viewed") },
    // Redemption records, as on Analytics, the ROI report, Platform and GET /v1/redemptions (issue 44);
    // not "Redemptions", the name a reader takes for the API's total_redemptions (issue 53.2).
    { label: "Redemption records", value: summary.redemptions_recorded, note: "one per member and deal, any source", series: null },
    { label: "Upgrade clicks", value: summary.upgrade_cta_clicks, note: "upgrade_cta_clicked", series: series("upgrade_cta_clicked") },
  ];
  const steps = [
    { done: onboarding.keysCreated, label: "Keys created", href: "/api-keys", action: "See your API keys", doneAction: "API keys" },
    {
      done: onboarding.firstApiCall,
      label: "First API call made",
      // The API keys page's "Last used", from the same data (getOnboardingStatus reads listApiKeys).
      detail: onboarding.lastApiCallAt ? `Keys last used ${formatDateTime(onboarding.lastApiCallAt)}` : "Your keys have not been used yet",
      href: "/api-keys",
      action: "Copy the authentication curl",
      doneAction: "API keys",
    },
    { done: onboarding.firstMember, label: "First member", href: "/members", action: "Add or import members", doneAction: "Members" },
    { done: onboarding.firstDealViewed, label: "First deal viewed", href: "/deals/preview", action: "Preview what a member sees", doneAction: "Deals" },
    { done: onboarding.firstRedemption, label: "First redemption", href: "/analytics", action: "Watch redemptions come in", doneAction: "Analytics" },
  ];
  const doneCount = steps.filter((s) => s.done).length;

  return (
    <>
      <PageHeader
        title="Overview"
        description={`Welcome back${name ? `, ${name}` : ""}. The last 30 days of your ${environment === "test" ? "sandbox" : "live"} programme.`}
      />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-2">
        {signedIn}
        <HealthStatus />
      </div>
      <section aria-labelledby="kpi-heading" className="mb-6">
        <h2 id="kpi-heading" className="sr-only">
          Last 30 days
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
          {kpis.map((k) => (
            <Card key={k.label} className="min-w-0 gap-2 py-4">
              <CardHeader className="px-4">
                <CardDescription>{k.label}</CardDescription>
                <CardTitle className="text-2xl tabular-nums" data-testid={`kpi-${k.label.toLowerCase().replace(/\s+/g, "-")}`}>
                  {k.value.toLocaleString("en")}
                </CardTitle>
              </CardHeader>
              <CardContent className="px-4">
                {k.series ? <Sparkline points={k.series} label={k.label} /> : <p className="text-xs text-muted-foreground">{k.note}</p>}
              </CardContent>
            </Card>
          ))}
        </div>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Get started</CardTitle>
            <CardDescription>
              {doneCount} of {steps.length} done{doneCount === steps.length ? ": your programme is up and running." : "."}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ol className="flex flex-col gap-1">
              {steps.map((s) => (
                <li key={s.label} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-2 py-2">
                  {s.done ? <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden="true" /> : <Circle className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />}
                  <span className="flex-1 text-sm">
                    {s.label}
                    <span className="sr-only">{s.done ? " (done)" : " (to do)"}</span>
                    {"detail" in s ? (
                      <span className="block text-xs text-muted-foreground" data-testid="last-api-call">
                        {s.detail}
                      </span>
                    ) : null}
                  </span>
                  <Link href={s.href} className={`inline-flex items-center gap-1 text-sm font-medium hover:underline ${s.done ? "text-muted-foreground" : "text-primary"}`}>
                    {s.done ? s.doneAction : s.action} <ArrowRight className="size-3.5" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Top deals</CardTitle>
            <CardDescription>
              By views in the last 30 days.{" "}
              <Link href="/analytics" className="font-medium text-primary hover:underline">
                See all analytics
              </Link>
            </CardDescription>
          </CardHeader>
          <CardContent>
            {summary.top_deals.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No deal was opened yet. Once members open deals in your hosted app or you report <code>deal_detail_viewed</code> events, the most viewed appear here.
              </p>
            ) : (
              <ol className="flex flex-col divide-y">
                {summary.top_deals.slice(0, 6).map((d, i) => (
                  <li key={d.deal_id} className="flex items-center gap-3 py-2 text-sm">
                    <span className="w-5 text-muted-foreground tabular-nums">{i + 1}</span>
                    <span className="min-w-0 flex-1 truncate font-medium">{d.product_name}</span>
                    <span className="shrink-0 text-xs text-muted-foreground tabular-nums sm:text-sm">
                      {d.views} {d.views === 1 ? "view" : "views"} · {d.redemptions_recorded} {d.redemptions_recorded === 1 ? "redemption record" : "redemption records"}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
