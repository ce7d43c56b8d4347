// The portal's tRPC router. Each area gets its own router file next to this one.
import { createCallerFactory, createTRPCRouter, publicProcedure, signedInProcedure } from "../init";
import { healthSchema, signedInAdminSchema } from "@/server/schemas/portal.schema";
import { accountRouter } from "./account";
import { activityRouter } from "./activity";
import { adminSsoRouter } from "./admin-sso";
import { apiKeysRouter } from "./api-keys";
import { analyticsRouter } from "./analytics";
import { catalogueRouter } from "./catalogue";
import { directorySyncRouter } from "./directory-sync";
import { inboxRouter } from "./inbox";
import { inquiriesRouter } from "./inquiries";
import { membersRouter } from "./members";
import { memberSignInRouter } from "./member-sign-in";
import { ownDealsRouter } from "./own-deals";
import { partnerRouter } from "./partner";
import { providerRouter } from "./provider";
import { providersRouter } from "./providers";
import { settingsRouter } from "./settings";
import { superAdminRouter } from "./super-admin";
import { teamRouter } from "./team";
import { webhooksRouter } from "./webhooks";

export const appRouter = createTRPCRouter({
  health: publicProcedure.meta({ permission: "public", twoFactorSetup: true }).output(healthSchema).query(() => ({ ok: true as const, time: new Date().toISOString() })),

  /** The signed-in admin as the server sees it (proves the session reaches tRPC). */
  me: signedInProcedure.meta({ permission: "self", twoFactorSetup: true }).output(signedInAdminSchema).query(({ ctx }) => ({
    adminId: ctx.actor.adminId,
    role: ctx.actor.role,
    partnerId: ctx.actor.partnerId,
    email: ctx.admin.email,
    name: ctx.admin.name,
    environment: ctx.admin.environment,
    viewAsPartnerId: ctx.admin.actor.role === "super_admin" ? (ctx.admin.scope?.partnerId ?? null) : null,
    /** partner admins' role on the team (the portal hides what it cannot do); null for super admins */
    teamRole: ctx.teamRole,
    twoFactorSetupRequired: ctx.admin.twoFactorSetupRequired === true,
  })),

  // One router per area; add yours here (one line), in its own file beside this one.
  partner: partnerRouter,
  inquiries: inquiriesRouter,
  catalogue: catalogueRouter,
  ownDeals: ownDealsRouter,
  analytics: analyticsRouter,
  settings: settingsRouter,
  memberSignIn: memberSignInRouter,
  directorySync: directorySyncRouter,
  adminSso: adminSsoRouter,
  superAdmin: superAdminRouter,
  members: membersRouter,
  team: teamRouter,
  activity: activityRouter,
  webhooks: webhooksRouter,
  apiKeys: apiKeysRouter,
  inbox: inboxRouter,
  provider: providerRouter,
  providers: providersRouter,
  account: accountRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
