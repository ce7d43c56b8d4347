// The portal's API keys page (tRPC apiKeys.*): public keys with their dates, and rotation with an
// optional expiry for the old pair. Private keys appear only in a rotation's answer.
import { z } from "zod";
import { environmentSchema } from "./portal.schema";

export const MAX_EXPIRE_OLD_AFTER_SECONDS = 86_400;

const keyPairSchema = z.object({
  public_key: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

const apiKeyEnvironmentSchema = z.object({
  environment: environmentSchema,
  /** the pair in use; null only if a partner was created without keys */
  current: keyPairSchema.nullable(),
  /** older pairs rolled with an expiry and still authenticating, soonest expiry first */
  rolled: z.array(keyPairSchema.extend({ expires_at: z.string() })),
});

export const apiKeyListOutputSchema = z.object({ environments: z.array(apiKeyEnvironmentSchema) });

export const apiKeyRotateInputSchema = z
  .object({
    /** which pair to rotate: a property of the key, not the caller's scope (the page shows both) */
    environment: environmentSchema,
    /** 0: the old private key fails at once; else it keeps working this many seconds (≤ 24 h) */
    expireOldAfterSeconds: z.number().int().min(0).max(MAX_EXPIRE_OLD_AFTER_SECONDS).default(0),
  })
  .strict();

export const apiKeyRotateOutputSchema = z.object({
  environment: environmentSchema,
  public_key: z.string(),
  private_key: z.string(),
  rotated_at: z.string(),
  old_key_expires_at: z.string().nullable(),
});
export type RotatedKeyPair = z.output<typeof apiKeyRotateOutputSchema>;

export const apiKeyRevokeRolledInputSchema = z.object({ publicKey: z.string().min(1).max(200) }).strict();

export type ApiKeyList = z.infer<typeof apiKeyListOutputSchema>;

export const apiKeyRevokedSchema = z.object({ public_key: z.string(), revoked_at: z.iso.datetime() });
