// inbox.* — the portal inbox (/inbox): members' access requests and inquiries together, the count in
// the navigation, decisions (one, or many with a note), replies to inquiries by email, the CSV
// export's rows. Scope from the session only; changes refused while a super admin views read-only.
import { z } from "zod";
import { decideAccessRequest, decideAccessRequests, serializeAccessRequest } from "@/server/services/access-requests";
import { closeInquiries, countInbox, exportInbox, listInbox, replyToInquiry } from "@/server/services/inbox";
import {
  inboxCloseInputSchema,
  inquiriesClosedSchema,
  inquiryRepliedSchema,
  inboxCountsSchema,
  inboxDecideInputSchema,
  inboxDecideResultSchema,
  inboxFilterSchema,
  inboxItemSchema,
  inboxListInputSchema,
  inboxListSchema,
  inboxReplyInputSchema,
} from "@/server/schemas/inbox.schema";
import { accessRequestSchema } from "@/server/schemas/access-request.schema";
import { createTRPCRouter, partnerMutationProcedure, partnerProcedure } from "../init";
import { MANAGERS } from "@/server/domain/team-roles";

export const inboxRouter = createTRPCRouter({
  list: partnerProcedure.meta({ permission: MANAGERS })
    .input(inboxListInputSchema)
    .output(inboxListSchema)
    .query(({ ctx, input }) => listInbox(ctx.scope, input)),

  counts: partnerProcedure.meta({ permission: MANAGERS }).output(inboxCountsSchema).query(({ ctx }) => countInbox(ctx.scope)),

  export: partnerProcedure.meta({ permission: MANAGERS })
    .input(inboxFilterSchema)
    .output(z.object({ data: z.array(inboxItemSchema), truncated: z.boolean() }))
    .query(({ ctx, input }) => exportInbox(ctx.scope, input)),

  /** One decision: another admin's decision first → CONFLICT (access_request_not_pending). */
  decide: partnerMutationProcedure.meta({ permission: MANAGERS })
    .input(z.object({ id: z.uuid(), decision: z.enum(["approved", "declined"]), note: inboxDecideInputSchema.shape.note }))
    .output(accessRequestSchema)
    .mutation(async ({ ctx, input }) =>
      serializeAccessRequest(await decideAccessRequest(ctx.scope, input.id, input.decision, { note: input.note ?? null, actor: { kind: "admin", adminId: ctx.actor.adminId } })),
    ),

  /** Bulk approve/decline with one note: each request on its own, the result says which failed. */
  decideMany: partnerMutationProcedure.meta({ permission: MANAGERS })
    .input(inboxDecideInputSchema)
    .output(inboxDecideResultSchema)
    .mutation(async ({ ctx, input }) => ({
      results: await decideAccessRequests(ctx.scope, input.ids, input.decision, { note: input.note ?? null, actor: { kind: "admin", adminId: ctx.actor.adminId } }),
    })),

  reply: partnerMutationProcedure.meta({ permission: MANAGERS })
    .input(inboxReplyInputSchema)
    .output(inquiryRepliedSchema)
    .mutation(({ ctx, input }) => replyToInquiry(ctx.scope, input.id, input.message, { adminId: ctx.actor.adminId, email: ctx.admin.email })),

  close: partnerMutationProcedure.meta({ permission: MANAGERS }).input(inboxCloseInputSchema).output(inquiriesClosedSchema).mutation(({ ctx, input }) => closeInquiries(ctx.scope, input.ids)),
});
