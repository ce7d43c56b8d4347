// partner.* — the signed-in admin's partner (the pattern every portal router follows: input and
// output schemas from src/server/schemas, the scope from ctx, one service call).
import { environmentSchema, partnerOutputSchema, setEnvironmentInputSchema } from "@/server/schemas/portal.schema";
import { setPortalEnvironment } from "@/server/services/admins";
import { getPartner } from "@/server/services/partners";
import { adminProcedure, createTRPCRouter, partnerProcedure } from "../init";
import { z } from "zod";
import { ALL_ROLES } from "@/server/domain/team-roles";

export const partnerRouter = createTRPCRouter({
  /** The partner whose portal this is (own partner, or the one a super_admin views as). */
  get: partnerProcedure.meta({ permission: ALL_ROLES }).output(partnerOutputSchema).query(({ ctx }) => getPartner(ctx.scope)),

  /** The Live / Sandbox switch; kept on the admin account. Allowed while viewing read-only: it changes no partner data. */
  setEnvironment: adminProcedure.meta({ permission: "self" })
    .input(setEnvironmentInputSchema)
    .output(z.object({ environment: environmentSchema }))
    .mutation(({ ctx, input }) => setPortalEnvironment(ctx.actor, input.environment)),
});
