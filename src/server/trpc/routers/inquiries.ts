// inquiries.* — members' inquiry / request-access forms from the hosted app, for the partner's
// portal (/inquiries). Scope from the session only.
import { inquiryListQuerySchema, inquiryListSchema } from "@/server/schemas/inquiry.schema";
import { listInquiries } from "@/server/services/deals";
import { createTRPCRouter, partnerProcedure } from "../init";
import { MANAGERS } from "@/server/domain/team-roles";

export const inquiriesRouter = createTRPCRouter({
  list: partnerProcedure.meta({ permission: MANAGERS })
    .input(inquiryListQuerySchema.optional())
    .output(inquiryListSchema)
    .query(({ ctx, input }) => listInquiries(ctx.scope, { limit: input?.limit, cursor: input?.cursor })),
});
