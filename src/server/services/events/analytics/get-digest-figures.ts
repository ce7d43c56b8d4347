// The portal's digest figures for a window (issue 43 item 5): digests sent, opened (a tracked link
// clicked at least once), and deals clicked from a digest or ending-soon email; the analytics page's
// card and the ROI report read them. The rows are the digests module's (member_digests,
// digest_clicks, ending_soon_reminders); the figures live with the other analytics so that the ROI
// report can include them (services/digests imports deals, which imports events).
import { readDb } from "@/server/db/read-db";
import type { DigestFigures } from "@/server/schemas/analytics-portal.schema";
import { requireScope, type PartnerScope } from "@/server/scope";

export async function getDigestFigures(scope: PartnerScope, window: { from: Date; to: Date }): Promise<DigestFigures> {
  const { partnerId, environment } = requireScope(scope, "digests");
  const [[d], [c], [e]] = await Promise.all([
    readDb(scope).$queryRaw<{ sent: number; opened: number }[]>`
      SELECT count(*) FILTER (WHERE email_id IS NOT NULL)::int AS sent, count(*) FILTER (WHERE opened_at IS NOT NULL)::int AS opened
      FROM member_digests WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment" AND created_at >= ${window.from} AND created_at < ${window.to}`,
    readDb(scope).$queryRaw<{ clicks: number }[]>`
      SELECT count(*)::int AS clicks FROM digest_clicks
      WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment" AND deal_id IS NOT NULL AND created_at >= ${window.from} AND created_at < ${window.to}`,
    readDb(scope).$queryRaw<{ sent: number }[]>`
      SELECT count(*)::int AS sent FROM ending_soon_reminders
      WHERE partner_id = ${partnerId}::uuid AND environment = ${environment}::"Environment" AND email_id IS NOT NULL AND created_at >= ${window.from} AND created_at < ${window.to}`,
  ]);
  return { digests_sent: d?.sent ?? 0, digests_opened: d?.opened ?? 0, deal_clicks: c?.clicks ?? 0, ending_soon_sent: e?.sent ?? 0 };
}
