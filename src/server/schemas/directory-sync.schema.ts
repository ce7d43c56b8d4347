// Settings → Directory sync (contract section 20): the directory tokens a partner's directory (Entra ID,
// Okta, …) uses on /scim/v2, the last requests it made and when it last synced. Portal shapes (tRPC).
import { z } from "zod";
import { isStorableText, UNSTORABLE_MESSAGE } from "./storable-text";

/** How many requests are kept per token (and listed). */
export const DIRECTORY_REQUESTS_KEPT = 50;

export const directoryTokenSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    environment: z.enum(["live", "test"]),
    /** the token's first characters (scim_live_ab12): the rest is never shown again */
    token_prefix: z.string(),
    created_at: z.iso.datetime(),
    created_by_email: z.string().nullable(),
    revoked_at: z.iso.datetime().nullable(),
    /** the last request made with it */
    last_used_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "DirectoryToken" });
export type DirectoryTokenDto = z.output<typeof directoryTokenSchema>;

export const directoryTokenCreateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: "Name the token (for example: Entra ID production)" })
      .max(100, { error: "must be at most 100 characters" })
      .refine(isStorableText, { error: UNSTORABLE_MESSAGE }),
  })
  .strict();
export type DirectoryTokenCreateInput = z.output<typeof directoryTokenCreateSchema>;

/** The whole token, shown once. */
export const directoryTokenCreatedSchema = z.object({ token: z.string(), directory_token: directoryTokenSchema });
export type DirectoryTokenCreatedDto = z.output<typeof directoryTokenCreatedSchema>;

export const directoryTokenIdSchema = z.object({ id: z.uuid() }).strict();

export const directoryRequestSchema = z.object({
  id: z.uuid(),
  token_id: z.uuid(),
  token_name: z.string(),
  method: z.string(),
  /** the path and query the directory asked for (/scim/v2/Users?filter=…) */
  path: z.string(),
  status: z.number().int(),
  /** what it did: "created", "updated", "deactivated", "deleted", "returned 1 user", "409 uniqueness: …" */
  outcome: z.string(),
  created_at: z.iso.datetime(),
});
export type DirectoryRequestDto = z.output<typeof directoryRequestSchema>;

export const directoryRequestsInputSchema = z.object({ token_id: z.uuid().optional() }).strict();

/** The card: what to paste into the directory, its tokens, when it last synced and its last requests. */
export const directorySyncOverviewSchema = z.object({
  environment: z.enum(["live", "test"]),
  /** the SCIM base URL (Tenant URL in Entra ID, SCIM connector base URL in Okta) */
  base_url: z.url(),
  /** the last request of any token of this environment, or null */
  last_sync_at: z.iso.datetime().nullable(),
  tokens: z.array(directoryTokenSchema),
  requests: z.array(directoryRequestSchema),
});
export type DirectorySyncOverviewDto = z.output<typeof directorySyncOverviewSchema>;
