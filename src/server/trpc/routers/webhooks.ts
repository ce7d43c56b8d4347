// webhooks.* — the portal's Webhooks page (/webhooks): the same services and schemas as
// /v1/webhook-endpoints, plus the delivery log, resend and test events. Changes are recorded in the
// activity log with the signed-in admin as actor (inside each change's transaction, by the services).
import { z } from "zod";
import {
  webhookDeliveryIdSchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliveryPayloadSchema,
  webhookDeliverySchema,
  webhookEndpointCreateSchema,
  webhookEndpointDeletedSchema,
  webhookEndpointIdSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateByIdSchema,
  webhookEndpointWithSecretSchema,
} from "@/server/schemas/webhook.schema";
import { activityActorOf } from "@/server/services/activity";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookDeliveryPayload,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhookEvent,
  updateWebhookEndpoint,
} from "@/server/services/webhooks";
import { createTRPCRouter, partnerMutationProcedure, partnerProcedure } from "../init";
import { webhookConfig } from "@/server/config/webhook-config";
import { BUILDERS, MANAGERS } from "@/server/domain/team-roles";

const actorOf = (ctx: { actor: Parameters<typeof activityActorOf>[0]; admin: { email?: string | null } }) => activityActorOf(ctx.actor, ctx.admin.email);
const allowPrivate = () => webhookConfig().allowPrivate;

export const webhooksRouter = createTRPCRouter({
  list: partnerProcedure.meta({ permission: BUILDERS }).output(webhookEndpointListSchema).query(({ ctx }) => listWebhookEndpoints(ctx.scope, { limit: 100 })),

  create: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(webhookEndpointCreateSchema)
    .output(webhookEndpointWithSecretSchema)
    .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.scope, input, { allowPrivate: allowPrivate(), actor: actorOf(ctx) })),

  update: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(webhookEndpointUpdateByIdSchema)
    .output(webhookEndpointSchema)
    .mutation(({ ctx, input }) => updateWebhookEndpoint(ctx.scope, input.id, input.changes, { allowPrivate: allowPrivate(), actor: actorOf(ctx) })),

  delete: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(webhookEndpointIdSchema)
    .output(webhookEndpointDeletedSchema)
    .mutation(({ ctx, input }) => deleteWebhookEndpoint(ctx.scope, input.id, { actor: actorOf(ctx) })),

  rotateSecret: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(webhookEndpointIdSchema)
    .output(webhookEndpointWithSecretSchema)
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx.scope, input.id, { actor: actorOf(ctx) })),

  deliveries: partnerProcedure.meta({ permission: BUILDERS })
    .input(webhookDeliveryListQuerySchema)
    .output(webhookDeliveryListSchema)
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.scope, input)),

  /** The event body one delivery sends (read-only, so also in a super admin's view-as). */
  // a delivery's payload carries members' emails and profiles
  deliveryPayload: partnerProcedure.meta({ permission: MANAGERS })
    .input(webhookDeliveryIdSchema)
    .output(webhookDeliveryPayloadSchema)
    .query(({ ctx, input }) => getWebhookDeliveryPayload(ctx.scope, input.id)),

  resend: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(webhookDeliveryIdSchema)
    .output(webhookDeliverySchema)
    .mutation(({ ctx, input }) => resendWebhookDelivery(ctx.scope, input.id, { actor: actorOf(ctx) })),

  sendTest: partnerMutationProcedure.meta({ permission: BUILDERS })
    .input(webhookEndpointIdSchema)
    .output(z.object({ queued: z.literal(true) }))
    .mutation(({ ctx, input }) => sendTestWebhookEvent(ctx.scope, input.id)),
});
