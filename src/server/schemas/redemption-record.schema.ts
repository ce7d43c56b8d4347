// Redemption records: one per (member, deal), listed by GET /v1/redemptions; the provider's
// conversion postback (POST /v1/provider/conversions) answers with one.
import { z } from "zod";
import { listSchema, pageQueryFields } from "./list.schema";

export const REDEMPTION_SOURCES = ["member", "partner", "provider"] as const;
export type RedemptionSource = (typeof REDEMPTION_SOURCES)[number];

export const redemptionRecordSchema = z
  .object({
    id: z.uuid(),
    user_id: z.uuid().meta({ description: "The member who redeemed" }),
    deal_id: z.uuid(),
    source: z.enum(REDEMPTION_SOURCES).meta({
      description: "Who reported it first: member (the hosted app or widget), partner (/v1 or /events/track), provider (a signed conversion; also replaces an earlier source)",
    }),
    code: z.string().nullable().meta({ description: "The one-time code handed out, for unique_code deals" }),
    confirmed: z.boolean().meta({ description: "true once the deal's provider confirmed the conversion" }),
    redeemed_at: z.string().meta({ description: "When it was first recorded (ISO 8601 UTC)" }),
  })
  .meta({ id: "RedemptionRecord" });
export type RedemptionRecordDto = z.output<typeof redemptionRecordSchema>;

export const redemptionListSchema = listSchema(redemptionRecordSchema, "RedemptionRecordList");

const timestampQuery = z
  .string()
  .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success || z.iso.date().safeParse(v).success, {
    error: "must be an ISO 8601 timestamp such as 2026-11-21T14:03:07.123Z (or a date, meaning its start in UTC)",
  });

export const redemptionListQuerySchema = z
  .object({
    ...pageQueryFields,
    user_id: z.uuid({ error: "must be a user id" }).optional().meta({ description: "Only this member's redemptions" }),
    deal_id: z.uuid({ error: "must be a deal id" }).optional().meta({ description: "Only this deal's redemptions" }),
    source: z.enum(REDEMPTION_SOURCES, { error: `must be one of: ${REDEMPTION_SOURCES.join(", ")}` }).optional(),
    since: timestampQuery.optional().meta({ description: "Only redemptions recorded at or after this instant" }),
  })
  .strict();
export type RedemptionListQuery = z.output<typeof redemptionListQuerySchema>;

/** POST /v1/provider/conversions */
export const conversionRequestSchema = z
  .object({ click_id: z.string().min(1).max(100).meta({ description: "The {{click_id}} your redeem URL received" }) })
  .strict()
  .meta({ id: "ConversionRequest" });

export const conversionResponseSchema = z
  .object({
    redemption: redemptionRecordSchema,
    duplicate: z.boolean().meta({ description: "true when this click's conversion was already recorded (nothing changed)" }),
  })
  .meta({ id: "ConversionResponse" });
export type ConversionResponse = z.output<typeof conversionResponseSchema>;

