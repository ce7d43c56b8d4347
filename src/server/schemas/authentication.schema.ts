import { z } from "zod";

export const authenticationRequestSchema = z
  .object({
    public_key: z.string().min(1).max(200),
    private_key: z.string().min(1).max(200),
  })
  .strict();

export const authenticationResponseSchema = z.object({
  success: z.literal(true),
  jwt_token: z.string(),
  expires_at: z.string(),
  partner_id: z.string().uuid(),
});
