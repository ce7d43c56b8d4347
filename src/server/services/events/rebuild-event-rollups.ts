// Recomputes a scope's rollups (type counts, deal views/redemptions, member activity) from its raw
// events: the consistency tool, and how the benchmark loads history written straight into events.
// Inserts are blocked while it runs (SHARE lock on events) so the result is exact. It refuses when
// raw events have been pruned from under existing rollups: rebuilding would lose that history.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { requireScope, type PartnerScope } from "@/server/scope";
import { activityUpsert, dealRollupInsert, typeRollupInsert } from "./event-rollup-sql";

const SRC = `(SELECT partner_id, environment, event_type, member_id, deal_id, deal_ids, occurred_at FROM events WHERE partner_id = $1::uuid AND environment = $2::"Environment")`;
const SCOPE = `partner_id = $1::uuid AND environment = $2::"Environment"`;

export async function rebuildEventRollups(
  scope: PartnerScope,
  opts: { allowHistoryLoss?: boolean } = {},
): Promise<{ events: number; typeRows: number; dealRows: number; members: number }> {
  const { partnerId, environment } = requireScope(scope, "events");
  return db.$transaction(
    async (tx) => {
      // An operator's tool over possibly millions of events: the app's per-statement timeout
      // (DATABASE_STATEMENT_TIMEOUT_MS, meant for requests) does not apply to it.
      await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = 0`);
      await tx.$executeRawUnsafe(`LOCK TABLE events IN SHARE MODE`);
      if (!opts.allowHistoryLoss) {
        const [{ lost }] = await tx.$queryRawUnsafe<{ lost: boolean }[]>(
          `WITH m AS (SELECT min(occurred_at) AS first FROM events WHERE ${SCOPE})
           SELECT EXISTS (
             SELECT 1 FROM event_type_rollups r, m
              WHERE r.partner_id = $1::uuid AND r.environment = $2::"Environment"
                AND (m.first IS NULL OR r.bucket_start < date_trunc(r.grain::text, m.first, 'UTC'))
           ) AS lost`,
          partnerId,
          environment,
        );
        if (lost) {
          throw new AppError("rollup_history_pruned", "Raw events older than the rollups were pruned: a rebuild would lose their counts");
        }
      }
      for (const table of ["event_type_rollups", "deal_event_rollups", "member_activity"]) {
        await tx.$executeRawUnsafe(`DELETE FROM ${table} WHERE ${SCOPE}`, partnerId, environment);
      }
      const typeRows = await tx.$executeRawUnsafe(typeRollupInsert(SRC, ""), partnerId, environment);
      const dealRows = await tx.$executeRawUnsafe(dealRollupInsert(SRC, ""), partnerId, environment);
      const members = await tx.$executeRawUnsafe(activityUpsert(SRC), partnerId, environment);
      const [{ n }] = await tx.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM events WHERE ${SCOPE}`, partnerId, environment);
      return { events: n, typeRows, dealRows, members };
    },
    { timeout: 30 * 60 * 1000, maxWait: 60 * 1000 },
  );
}
