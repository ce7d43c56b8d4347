// Category management (super admin). The Category record itself ({ id, slug, name }, docs/api.md, Deals) is
// categorySchema in deal.schema.ts; the portal also shows position and deal counts.
import { z } from "zod";
import { slugSchema } from "./deal.schema";

const nameSchema = z.string().trim().min(1, { error: "must not be empty" }).max(100);

export const categoryCreateInputSchema = z.object({ name: nameSchema, slug: slugSchema.optional() }).strict();
export const categoryRenameInputSchema = z.object({ id: z.uuid(), name: nameSchema }).strict();
export const categoryMoveInputSchema = z.object({ id: z.uuid(), direction: z.enum(["up", "down"]) }).strict();
export const categoryMergeInputSchema = z
  .object({ sourceId: z.uuid(), targetId: z.uuid() })
  .strict()
  .refine((m) => m.sourceId !== m.targetId, { error: "a category cannot be merged into itself", path: ["targetId"] });

export const adminCategorySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  position: z.number().int(),
  deal_count: z.number().int(),
});
export type AdminCategoryDto = z.output<typeof adminCategorySchema>;
export const categoryRenamedSchema = adminCategorySchema.omit({ deal_count: true });
export const categoryMovedSchema = z.object({ moved: z.boolean() });
export const categoriesMergedSchema = z.object({ target_id: z.string(), deals_moved: z.number().int(), links_added: z.number().int() });
export type CategoryCreateInput = z.output<typeof categoryCreateInputSchema>;
export type CategoryRenameInput = z.output<typeof categoryRenameInputSchema>;
export type CategoryMoveInput = z.output<typeof categoryMoveInputSchema>;
export type CategoryMergeInput = z.output<typeof categoryMergeInputSchema>;
