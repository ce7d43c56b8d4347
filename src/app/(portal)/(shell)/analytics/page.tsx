// /analytics — the partner environment's analytics for the last 7, 30, 90 or 365 days: KPI cards
// (exactly GET /v1/analytics for the same window), events per day by type (day rollups), the funnel
// list → detail → instructions → redeemed, top deals, and CSV export of what is shown.
import { Building2 } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/portal/empty-state";
import { PageHeader } from "@/components/portal/page-header";
import { Button } from "@/components/ui/button";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { ANALYTICS_RANGES } from "@perkway/server/schemas/analytics-portal.schema";
import { AnalyticsClient } from "./_components/analytics-client";

export const metadata: Metadata = { title: "Analytics" };

type Props = { searchParams: Promise<{ days?: string }> };

export default async function AnalyticsPage({ searchParams }: Props) {
  const { scope, environment } = await requireAdminSession();
  if (!scope) {
    return (
      <>
        <PageHeader title="Analytics" />
        <EmptyState
          icon={Building2}
          title="Choose a partner first"
          description="Analytics belong to a partner. Open a partner's portal from Partners (View as) to see its figures, or see platform-wide figures on Platform."
          action={
            <Button asChild>
              <Link href="/partners">Go to Partners</Link>
            </Button>
          }
        />
      </>
    );
  }
  const requested = Number((await searchParams).days);
  const days = (ANALYTICS_RANGES as readonly number[]).includes(requested) ? requested : 30;
  return (
    <>
      <AnalyticsClient initialDays={days} environmentLabel={environment === "test" ? "sandbox" : "live"} />
    </>
  );
}
