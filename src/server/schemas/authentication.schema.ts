import { z } from "zod";

export const authenticationRequestSchema = z
  .object({
    public_key: z.string().min(1).max(200).meta({ description: "Public key: `pk_live_…` or `pk_test_…`", example: "pk_test_4eC39HqLyjWDarjtT1zdp7dc4eC39HqLyjWD" }),
    private_key: z.string().min(1).max(200).meta({ description: "Private key of the same pair: `sk_live_…` or `sk_test_…` (shown once, at creation or rotation)", example: "sk_test_BQokikJOvBiI2HlWgH4olfQ2BQokikJOvBiI" }),
  })
  .strict()
  .meta({ id: "AuthenticationRequest" });

export const authenticationResponseSchema = z
  .object({
    success: z.literal(true),
    jwt_token: z.string().meta({ description: "The access token: send it as `Authorization: Bearer <jwt_token>`" }),
    expires_at: z.iso.datetime().meta({ description: "When the token expires (15 minutes after issue), ISO 8601 UTC" }),
    partner_id: z.uuid().meta({ description: "Your partner id (the token's subject)" }),
  })
  .strict()
  .meta({ id: "Authentication" });
