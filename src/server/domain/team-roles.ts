// Partner admins' roles and the one permission table of the portal (contract.md section 17): each
// tRPC procedure of the app router → who may call it. The tRPC middleware (src/server/trpc/init.ts)
// refuses anything not listed here with FORBIDDEN, a test fails for a procedure missing from it
// (test/trpc/role-matrix.test.ts), and the portal hides what a role cannot do with `canCall`.
// Pure data: imported by client components too.

export const TEAM_ROLES = ["owner", "admin", "developer", "analyst"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: "Owner",
  admin: "Admin",
  developer: "Developer",
  analyst: "Analyst",
};

export const TEAM_ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  owner: "Everything, including the team and security settings",
  admin: "Everything but the team and security settings",
  developer: "API keys, webhooks and deals; no member personal data beyond ids",
  analyst: "Read-only: overview, analytics and ROI",
};

/**
 * - "public": anyone, signed in or not;
 * - "self": any signed-in admin (any role, super admins too), acting on their own account only;
 * - "super_admin": Perkway staff only;
 * - "provider": provider users only (the provider area, contract section 18);
 * - a list of team roles: partner pages, for partner admins with one of these roles. Super admins
 *   keep their own rules there (view-as, read-only), enforced by partnerProcedure.
 */
type Permission = "public" | "self" | "super_admin" | "provider" | readonly TeamRole[];

const ALL: readonly TeamRole[] = TEAM_ROLES;
/** owner + admin: member personal data, the inbox, settings, activity */
const MANAGERS: readonly TeamRole[] = ["owner", "admin"];
/** + developer: API keys, webhooks, deals (no member personal data) */
const BUILDERS: readonly TeamRole[] = ["owner", "admin", "developer"];
/** team and security */
const OWNER: readonly TeamRole[] = ["owner"];

export const PROCEDURE_PERMISSIONS: Readonly<Record<string, Permission>> = {
  health: "public",
  me: "self",

  "provider.deals": "provider",
  "provider.deal": "provider",
  "provider.requestChange": "provider",
  "provider.changeRequests": "provider",
  "provider.uploadCodes": "provider",
  "provider.setLowStockThreshold": "provider",
  "provider.rotateSecret": "provider",
  "provider.console": "provider",
  "provider.postbacks": "provider",
  "provider.results": "provider",
  "provider.exportResults": "provider",
  "providers.list": "super_admin",
  "providers.create": "super_admin",
  "providers.link": "super_admin",
  "providers.unlink": "super_admin",
  "providers.invite": "super_admin",
  "providers.changeRequests": "super_admin",
  "providers.decide": "super_admin",
  "account.overview": "self",
  "account.startTwoFactorSetup": "self",
  "account.confirmTwoFactorSetup": "self",
  "account.disableTwoFactor": "self",
  "account.regenerateRecoveryCodes": "self",
  "account.sessions": "self",
  "account.endSession": "self",
  "account.endOtherSessions": "self",

  "partner.get": ALL,
  "partner.setEnvironment": "self",

  "analytics.summary": ALL,
  "analytics.daily": ALL,
  "analytics.funnel": ALL,
  "analytics.eventTypes": ALL,
  "analytics.roi": ALL,
  "analytics.digests": ALL,
  "analytics.onboarding": ALL,
  "analytics.overview": ALL,

  "apiKeys.list": BUILDERS,
  "apiKeys.rotate": BUILDERS,
  "apiKeys.revokeRolled": BUILDERS,

  "webhooks.list": BUILDERS,
  "webhooks.create": BUILDERS,
  "webhooks.update": BUILDERS,
  "webhooks.delete": BUILDERS,
  "webhooks.rotateSecret": BUILDERS,
  "webhooks.deliveries": BUILDERS,
  // a delivery's payload carries members' emails and profiles
  "webhooks.deliveryPayload": MANAGERS,
  "webhooks.resend": BUILDERS,
  "webhooks.sendTest": BUILDERS,

  "catalogue.list": BUILDERS,
  "catalogue.detail": BUILDERS,
  "catalogue.hide": BUILDERS,
  "catalogue.show": BUILDERS,
  // previews for a chosen member: emails and profiles
  "catalogue.preview": MANAGERS,
  "catalogue.searchMembers": MANAGERS,

  "ownDeals.list": BUILDERS,
  "ownDeals.statusCounts": BUILDERS,
  "ownDeals.categories": BUILDERS,
  "ownDeals.get": BUILDERS,
  "ownDeals.setTracking": BUILDERS,
  "ownDeals.rotateProviderSecret": BUILDERS,
  "ownDeals.create": BUILDERS,
  "ownDeals.update": BUILDERS,
  "ownDeals.setStatus": BUILDERS,
  "ownDeals.delete": BUILDERS,
  // renders a chosen member's email and profile into the instructions
  "ownDeals.previewInstructions": MANAGERS,
  "ownDeals.createRule": BUILDERS,
  "ownDeals.updateRule": BUILDERS,
  "ownDeals.deleteRule": BUILDERS,
  "ownDeals.codePool": BUILDERS,
  "ownDeals.addCodes": BUILDERS,
  // codes with the members who claimed them
  "ownDeals.poolCodes": MANAGERS,
  "ownDeals.exportCodes": MANAGERS,
  "ownDeals.deleteCodes": BUILDERS,
  "ownDeals.setLowStockThreshold": BUILDERS,

  "members.list": MANAGERS,
  "members.get": MANAGERS,
  "members.detail": MANAGERS,
  "members.create": MANAGERS,
  "members.update": MANAGERS,
  "members.delete": MANAGERS,
  "members.deleteMany": MANAGERS,
  "members.signInLink": MANAGERS,
  "members.sendSignInEmails": MANAGERS,
  "members.importBatch": MANAGERS,

  "inquiries.list": MANAGERS,
  "inbox.list": MANAGERS,
  "inbox.counts": MANAGERS,
  "inbox.export": MANAGERS,
  "inbox.decide": MANAGERS,
  "inbox.decideMany": MANAGERS,
  "inbox.reply": MANAGERS,
  "inbox.close": MANAGERS,

  "activity.list": MANAGERS,
  "activity.filters": MANAGERS,
  "activity.exportCsv": MANAGERS,

  "settings.get": BUILDERS,
  "settings.emailPreviews": MANAGERS,
  "settings.memberProfile": MANAGERS,
  "settings.setMemberProfile": MANAGERS,
  "settings.update": MANAGERS,
  // Member digests: the frequency is a programme setting; the preview shows one member's email.
  "settings.verifyCustomDomain": MANAGERS,
  "settings.setDigestFrequency": MANAGERS,
  "settings.previewDigest": MANAGERS,
  "settings.searchDigestMembers": MANAGERS,
  // Member sign-in (contract section 15): who configures the IdP; the hand-off secret is an integration key.
  "memberSignIn.get": BUILDERS,
  "memberSignIn.update": MANAGERS,
  "memberSignIn.testSignIn": MANAGERS,
  "memberSignIn.rotateHandoffSecret": BUILDERS,
  // Directory sync (contract section 20): its tokens write members' personal data.
  "directorySync.overview": MANAGERS,
  "directorySync.createToken": MANAGERS,
  "directorySync.revokeToken": MANAGERS,
  "directorySync.requests": MANAGERS,
  "settings.security": OWNER,
  "settings.setSecurity": OWNER,
  // Admin single sign-on (contract section 17) is a security setting; discovery serves /login.
  "adminSso.get": OWNER,
  "adminSso.update": OWNER,
  "adminSso.discover": "public",

  "team.list": OWNER,
  "team.invite": OWNER,
  "team.renewInvite": OWNER,
  "team.remove": OWNER,
  "team.setRole": OWNER,
  "team.resetTwoFactor": OWNER,
  "team.endSessions": OWNER,
  "team.notificationPreferences": "self",
  "team.setNotificationPreferences": "self",
  "team.changePassword": "self",

  "superAdmin.listPartners": "super_admin",
  "superAdmin.getPartner": "super_admin",
  "superAdmin.createPartner": "super_admin",
  "superAdmin.updatePartner": "super_admin",
  "superAdmin.setPartnerActive": "super_admin",
  "superAdmin.rotatePartnerKeys": "super_admin",
  "superAdmin.viewAs": "super_admin",
  "superAdmin.exitViewAs": "super_admin",
  "superAdmin.listCatalogDeals": "super_admin",
  "superAdmin.getCatalogDeal": "super_admin",
  "superAdmin.createCatalogDeal": "super_admin",
  "superAdmin.setCatalogDealTracking": "super_admin",
  "superAdmin.updateCatalogDeal": "super_admin",
  "superAdmin.markCatalogDealVerified": "super_admin",
  "superAdmin.previewCatalogImport": "super_admin",
  "superAdmin.importCatalog": "super_admin",
  "superAdmin.exportCatalog": "super_admin",
  "superAdmin.listCategories": "super_admin",
  "superAdmin.createCategory": "super_admin",
  "superAdmin.renameCategory": "super_admin",
  "superAdmin.moveCategory": "super_admin",
  "superAdmin.mergeCategories": "super_admin",
  "superAdmin.partnerFigures": "super_admin",
  "superAdmin.activity": "super_admin",
  "superAdmin.mailbox": "super_admin",
  "superAdmin.mailboxEmail": "super_admin",
};

/** Procedures an admin who must still set up two-factor sign-in may call (the /account page). */
export const TWO_FACTOR_SETUP_PROCEDURES: ReadonlySet<string> = new Set([
  "health",
  "me",
  "account.overview",
  "account.startTwoFactorSetup",
  "account.confirmTwoFactorSetup",
  "account.sessions",
  "account.endSession",
  "account.endOtherSessions",
]);

export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === "string" && (TEAM_ROLES as readonly string[]).includes(value);
}

/** Who is asking: a super admin, a partner admin with a team role, or nobody signed in. */
type Caller = { kind: "super_admin" } | { kind: "partner_admin"; teamRole: TeamRole } | { kind: "provider" } | null;

/**
 * Whether the table lets this caller through to the procedure. Unknown procedures are refused.
 * Super admins pass partner procedures here; partnerProcedure then applies their view-as rules.
 */
export function canCall(caller: Caller, path: string): boolean {
  const permission = Object.hasOwn(PROCEDURE_PERMISSIONS, path) ? PROCEDURE_PERMISSIONS[path] : undefined;
  if (permission === undefined) return false;
  if (permission === "public") return true;
  if (!caller) return false;
  if (permission === "self") return true;
  if (permission === "super_admin") return caller.kind === "super_admin";
  if (permission === "provider") return caller.kind === "provider";
  if (caller.kind === "provider") return false;
  return caller.kind === "super_admin" || permission.includes(caller.teamRole);
}
