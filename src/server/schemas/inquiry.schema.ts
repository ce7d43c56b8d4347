// Inquiry: a member's request-access / inquiry form from the hosted app, listed for the partner in
// the portal (/inquiries).
import { z } from "zod";
import { isStorableText, UNSTORABLE_MESSAGE } from "./storable-text";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine(isStorableText, { error: UNSTORABLE_MESSAGE });

export const inquiryInputSchema = z
  .object({
    deal_id: z.uuid({ error: "must be a deal id" }),
    message: text(2000).pipe(z.string().min(1, { error: "Tell the partner what you need" })),
    company: text(200).optional(),
    role: text(200).optional(),
  })
  .strict();
export type InquiryInput = z.output<typeof inquiryInputSchema>;

const inquirySchema = z.object({
  id: z.uuid(),
  deal_id: z.uuid(),
  deal_name: z.string(),
  member_id: z.uuid().nullable(),
  member_email: z.string().nullable(),
  message: z.string(),
  company: z.string().nullable(),
  role: z.string().nullable(),
  created_at: z.iso.datetime(),
});

export const inquiryListQuerySchema = z.object({
  limit: z.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).nullish(),
});
export const inquiryListSchema = z.object({ data: z.array(inquirySchema), next_cursor: z.string().nullable() });
export type InquiryList = z.output<typeof inquiryListSchema>;
