// activity.* — the partner's activity log (/activity): every change made through the portal, the
// CLI or key rotation, newest first, with filters. Read-only.
import { activityFiltersOutputSchema, activityListInputSchema, activityListOutputSchema } from "@/server/schemas/activity.schema";
import { listActivity, listActivityFilters } from "@/server/services/activity";
import { createTRPCRouter, partnerProcedure } from "../init";

export const activityRouter = createTRPCRouter({
  list: partnerProcedure.input(activityListInputSchema).output(activityListOutputSchema).query(({ ctx, input }) => listActivity(ctx.scope, input)),
  filters: partnerProcedure.output(activityFiltersOutputSchema).query(({ ctx }) => listActivityFilters(ctx.scope)),
});
