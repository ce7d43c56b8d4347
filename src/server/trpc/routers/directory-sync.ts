// directorySync.* — Settings → Directory sync (contract section 20): the SCIM base URL to give the
// directory, its tokens (the whole token shown once, at creation), revocation, the last 50 requests
// and the last sync time, for the session's environment. Owners and admins only (MANAGERS, team-roles.ts).
import { z } from "zod";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import {
  directoryRequestSchema,
  directoryRequestsInputSchema,
  directorySyncOverviewSchema,
  directoryTokenCreatedSchema,
  directoryTokenCreateSchema,
  directoryTokenIdSchema,
  directoryTokenSchema,
} from "@/server/schemas/directory-sync.schema";
import { activityActorOf } from "@/server/services/activity";
import { createDirectoryToken, getDirectorySyncOverview, listDirectoryRequests, revokeDirectoryToken } from "@/server/services/directory-sync";
import { appBaseUrl } from "@/server/services/email";
import { MANAGERS } from "@/server/domain/team-roles";
import { createTRPCRouter, partnerMutationProcedure, partnerProcedure } from "../init";

/** What the directory is given as its base URL (Entra: Tenant URL; Okta: SCIM connector base URL). */
const scimBaseUrl = () => `${appBaseUrl(hostedAppConfig())}/scim/v2`;

export const directorySyncRouter = createTRPCRouter({
  /** The card: base URL, tokens (newest first, revoked ones too), the last 50 requests, the last sync. */
  overview: partnerProcedure.meta({ permission: MANAGERS }).output(directorySyncOverviewSchema).query(({ ctx }) => getDirectorySyncOverview(ctx.scope, scimBaseUrl())),

  /** A new token for the session's environment: `token` is the whole secret, never shown again. */
  createToken: partnerMutationProcedure
    .meta({ permission: MANAGERS })
    .input(directoryTokenCreateSchema)
    .output(directoryTokenCreatedSchema)
    .mutation(({ ctx, input }) => createDirectoryToken(ctx.scope, input, activityActorOf(ctx.actor, ctx.admin.email))),

  /** Revokes at once: the directory's next request with it is 401. */
  revokeToken: partnerMutationProcedure
    .meta({ permission: MANAGERS })
    .input(directoryTokenIdSchema)
    .output(directoryTokenSchema)
    .mutation(({ ctx, input }) => revokeDirectoryToken(ctx.scope, input.id, activityActorOf(ctx.actor, ctx.admin.email))),

  /** The last 50 requests (one token's with token_id): method, path, status, outcome. */
  requests: partnerProcedure
    .meta({ permission: MANAGERS })
    .input(directoryRequestsInputSchema)
    .output(z.array(directoryRequestSchema))
    .query(({ ctx, input }) => listDirectoryRequests(ctx.scope, { tokenId: input.token_id })),
});
