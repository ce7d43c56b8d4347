// /analytics/report?days=N — the ROI report as one printable page for a partner's board (outside the
// portal shell: no navigation on paper). Server-rendered from the same service as the analytics page.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { DigestFiguresList, RoiDealsTable, RoiFunnel, RoiValueChart } from "@/components/analytics/roi-parts";
import { formatMoney } from "@/components/analytics/roi-format";
import { formatDate } from "@/lib/format-date";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { ANALYTICS_RANGES } from "@perkway/server/schemas/analytics-portal.schema";
import { getRoiReport } from "@perkway/server/services/events";
import { getPartner } from "@perkway/server/services/partners";
import { PrintButton } from "./print-button";

export const metadata: Metadata = { title: "ROI report" };

type Props = { searchParams: Promise<{ days?: string }> };

export default async function RoiReportPage({ searchParams }: Props) {
  const { scope, environment } = await requireAdminSession();
  if (!scope) redirect("/analytics");
  const requested = Number((await searchParams).days);
  const days = (ANALYTICS_RANGES as readonly number[]).includes(requested) ? requested : 30;
  const [report, partner] = await Promise.all([getRoiReport(scope, { days }), getPartner(scope).catch(() => null)]);
  const o = report.overall;
  const total = o.value_confirmed + o.value_self_reported;

  return (
    <main className="roi-print mx-auto max-w-[760px] bg-white p-6 text-slate-900 print:p-0">
      <style>{`@page { size: A4; margin: 14mm; } @media print { .roi-print { max-width: none; } .no-print { display: none !important; } body { background: #fff; } }`}</style>
      <div className="no-print mb-6 flex flex-wrap items-center justify-between gap-2">
        <Link href={`/analytics?days=${days}`} className="text-sm font-medium underline">
          Back to analytics
        </Link>
        <PrintButton />
      </div>
      <header className="mb-5 border-b pb-3">
        <p className="text-sm text-slate-600">Perkway perks programme{environment === "test" ? " · sandbox data" : ""}</p>
        <h1 className="text-2xl font-semibold">{partner?.name ?? "Partner"}: return on investment</h1>
        <p className="text-sm text-slate-600">
          {formatDate(report.from)} – {formatDate(report.to)} (last {days} days)
        </p>
      </header>
      <section aria-labelledby="roi-value" className="mb-5 grid grid-cols-3 gap-3">
        <h2 id="roi-value" className="sr-only">
          Value delivered
        </h2>
        {[
          ["Estimated value delivered", total],
          ["Confirmed by providers", o.value_confirmed],
          ["Self-reported", o.value_self_reported],
        ].map(([label, v]) => (
          <div key={label} className="rounded-lg border p-3">
            <p className="text-xs text-slate-600">{label}</p>
            <p className="text-xl font-semibold tabular-nums">{formatMoney(Number(v), report.currency)}</p>
          </div>
        ))}
      </section>
      <section aria-labelledby="roi-funnel-h" className="mb-5 grid grid-cols-1 gap-5 sm:grid-cols-2 print:grid-cols-2">
        <div>
          <h2 id="roi-funnel-h" className="mb-2 text-base font-semibold">
            Funnel, all deals
          </h2>
          <RoiFunnel overall={o} />
        </div>
        <div>
          <h2 className="mb-2 text-base font-semibold">Value per {report.grain}</h2>
          {report.periods.length ? <RoiValueChart report={report} fixedWidth={340} /> : <p className="text-sm text-slate-600">No redemptions in this period.</p>}
        </div>
      </section>
      <section aria-labelledby="roi-digests-h" className="mb-5">
        <h2 id="roi-digests-h" className="mb-2 text-base font-semibold">
          Member digests
        </h2>
        <DigestFiguresList figures={report.digests} testIdPrefix="report-digest" />
        <p className="mt-2 text-xs text-slate-600">
          &ldquo;New deals you can claim&rdquo; emails and ending-soon reminders to live members. Opened: the member followed one of the digest&apos;s links (no tracking pixel).
        </p>
      </section>
      <section aria-labelledby="roi-deals-h">
        <h2 id="roi-deals-h" className="mb-2 text-base font-semibold">
          Top deals{report.deals.length > 12 ? " (12 of " + report.deals.length + ")" : ""}
        </h2>
        {report.deals.length ? <RoiDealsTable report={report} caption="Funnel and value per deal" limit={12} compact /> : <p className="text-sm text-slate-600">No activity in this period.</p>}
      </section>
      <footer className="mt-5 border-t pt-2 text-xs text-slate-600">
        Funnel: members per deal, each step a subset of the one before. Value: each redemption record&apos;s estimated value (est_value, US dollars). Confirmed: the deal&apos;s provider confirmed the redemption with a signed postback; self-reported: reported by the member or the partner.
      </footer>
    </main>
  );
}
