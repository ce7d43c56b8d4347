// Portal Activity page (tRPC activity.*): filters and the entry shape.
import { z } from "zod";

export const activityListInputSchema = z
  .object({
    cursor: z.string().max(500).nullish(),
    limit: z.number().int().min(1).max(100).default(50),
    /** "live" | "test": that environment's entries plus the partner-wide ones (settings, team). */
    environment: z.enum(["live", "test"]).optional(),
    /** The action's area: the part before the first dot ("member" also matches "members.imported"). */
    area: z.string().trim().regex(/^[a-z_]{1,40}$/).optional(),
    /** An admin's email, or "cli" / "api" / "system". */
    actor: z.string().trim().min(1).max(254).optional(),
    /** Inclusive bounds, ISO 8601 timestamps. */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type ActivityListInput = z.output<typeof activityListInputSchema>;

/** Activity → Export CSV: the list's filters, without paging. */
export const activityExportInputSchema = activityListInputSchema.omit({ cursor: true, limit: true });
export type ActivityExportInput = z.output<typeof activityExportInputSchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  created_at: z.iso.datetime(),
  environment: z.enum(["live", "test"]).nullable(),
  actor_type: z.string(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  summary: z.string(),
  changes: z.object({ before: z.unknown().optional(), after: z.unknown().optional() }).nullable(),
});
export type ActivityEntryDto = z.output<typeof activityEntrySchema>;

export const activityListOutputSchema = z.object({ data: z.array(activityEntrySchema), has_more: z.boolean(), next_cursor: z.string().nullable() });

export const activityFiltersOutputSchema = z.object({ areas: z.array(z.string()), actors: z.array(z.string()) });
