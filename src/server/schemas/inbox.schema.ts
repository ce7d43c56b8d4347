// The portal inbox: members' access requests and inquiries in one list (newest first), with one
// status vocabulary: new, approved, declined, withdrawn (access requests), replied, closed (inquiries).
import { z } from "zod";
import { isStorableText, UNSTORABLE_MESSAGE } from "./storable-text";

export const INBOX_KINDS = ["access_request", "inquiry"] as const;
export const INBOX_STATUSES = ["new", "approved", "declined", "withdrawn", "replied", "closed"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export type InboxStatus = (typeof INBOX_STATUSES)[number];

const note = z
  .string()
  .trim()
  .max(2000, { error: "must be at most 2000 characters" })
  .refine(isStorableText, { error: UNSTORABLE_MESSAGE });

export const inboxFilterSchema = z.object({
  kind: z.enum(INBOX_KINDS).optional(),
  status: z.enum(INBOX_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
});
export type InboxFilter = z.input<typeof inboxFilterSchema>;

export const inboxListInputSchema = inboxFilterSchema.extend({
  limit: z.number().int().min(1).max(100).default(25),
  cursor: z.string().max(300).nullish(),
});
export type InboxListInput = z.input<typeof inboxListInputSchema>;

export const inboxItemSchema = z.object({
  kind: z.enum(INBOX_KINDS),
  id: z.uuid(),
  /** access requests: deal or membership */
  request_type: z.enum(["deal", "membership"]).nullable(),
  status: z.enum(INBOX_STATUSES),
  deal_id: z.uuid().nullable(),
  deal_name: z.string().nullable(),
  member_id: z.uuid().nullable(),
  email: z.string().nullable(),
  message: z.string().nullable(),
  company: z.string().nullable(),
  role: z.string().nullable(),
  /** the decision note of an access request, or the reply sent to an inquiry */
  response: z.string().nullable(),
  responded_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type InboxItem = z.output<typeof inboxItemSchema>;

export const inboxListSchema = z.object({ data: z.array(inboxItemSchema), has_more: z.boolean(), next_cursor: z.string().nullable() });
export type InboxList = z.output<typeof inboxListSchema>;

export const inboxCountsSchema = z.object({ new_access_requests: z.number().int(), new_inquiries: z.number().int(), total_new: z.number().int() });
export type InboxCounts = z.output<typeof inboxCountsSchema>;

export const inboxDecideInputSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(100),
  decision: z.enum(["approved", "declined"]),
  note: note.optional(),
});

export const inboxDecideResultSchema = z.object({
  results: z.array(z.object({ id: z.string(), ok: z.boolean(), code: z.string().optional() })),
});

export const inboxReplyInputSchema = z.object({
  id: z.uuid(),
  message: note.pipe(z.string().min(1, { error: "Write the reply" })),
});

export const inboxCloseInputSchema = z.object({ ids: z.array(z.uuid()).min(1).max(100) });

export const inquiryRepliedSchema = z.object({ id: z.string(), status: z.literal("replied"), replied_at: z.iso.datetime() });
export const inquiriesClosedSchema = z.object({ closed: z.number().int() });
