// activity.* — the partner's activity log (/activity): every change made through the portal, the
// CLI or key rotation, and every sign-in, newest first, with filters; the filtered log as CSV. Read-only.
import { z } from "zod";
import { activityExportInputSchema, activityFiltersOutputSchema, activityListInputSchema, activityListOutputSchema } from "@/server/schemas/activity.schema";
import { exportActivity, listActivity, listActivityFilters } from "@/server/services/activity";
import { createTRPCRouter, partnerProcedure } from "../init";
import { activityExportFile } from "../views/activity-export";
import { MANAGERS } from "@/server/domain/team-roles";

export const activityRouter = createTRPCRouter({
  list: partnerProcedure.meta({ permission: MANAGERS }).input(activityListInputSchema).output(activityListOutputSchema).query(({ ctx, input }) => listActivity(ctx.scope, input)),
  filters: partnerProcedure.meta({ permission: MANAGERS }).output(activityFiltersOutputSchema).query(({ ctx }) => listActivityFilters(ctx.scope)),
  exportCsv: partnerProcedure.meta({ permission: MANAGERS })
    .input(activityExportInputSchema)
    .output(z.object({ filename: z.string(), mimeType: z.string(), content: z.string(), count: z.number().int(), truncated: z.boolean() }))
    .query(async ({ ctx, input }) => {
      const { data, truncated } = await exportActivity(ctx.scope, input);
      return activityExportFile(data, truncated, new Date());
    }),
});
