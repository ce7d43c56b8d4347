// apiKeys.* — the portal's API keys page: list both environments' public keys, rotate one pair
// (optionally keeping the old private key working up to 24 h). The partner comes from the session;
// the environment in rotate's input names which of the partner's two pairs to rotate.
import { apiKeyListOutputSchema, apiKeyRevokedSchema, apiKeyRevokeRolledInputSchema, apiKeyRotateInputSchema, apiKeyRotateOutputSchema } from "@/server/schemas/api-key.schema";
import { listApiKeys, rotateKeyPair } from "@/server/services/partners";
import { revokeRolledKeyPair } from "@/server/services/partners";
import { createTRPCRouter, partnerMutationProcedure, partnerProcedure } from "../init";
import { BUILDERS } from "@/server/domain/team-roles";

export const apiKeysRouter = createTRPCRouter({
  list: partnerProcedure.meta({ permission: BUILDERS }).output(apiKeyListOutputSchema).query(({ ctx }) => listApiKeys(ctx.scope)),

  rotate: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(apiKeyRotateInputSchema)
    .output(apiKeyRotateOutputSchema)
    .mutation(({ ctx, input }) =>
      rotateKeyPair(ctx.actor, ctx.scope.partnerId, input.environment, { expireOldAfterSeconds: input.expireOldAfterSeconds, actorEmail: ctx.admin.email }),
    ),

  // Ends a rolled pair's grace period now (a leaked old key): the current pair is never revoked bare.
  revokeRolled: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(apiKeyRevokeRolledInputSchema)
    .output(apiKeyRevokedSchema)
    .mutation(({ ctx, input }) => revokeRolledKeyPair(ctx.actor, ctx.scope.partnerId, input.publicKey, { actorEmail: ctx.admin.email })),
});
