// A partner's admin single sign-on settings (contract section 17): read, replace, and the domain
// discovery of /login. The client secret is sealed like the member OIDC secret and never returned.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { JIT_ROLES, type AdminSsoConfig, type AdminSsoInput } from "@/server/schemas/admin-sso.schema";
import type { PartnerScope } from "@/server/scope";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import { decryptWebhookSecret, encryptWebhookSecret } from "@/server/services/webhooks";

type Row = {
  issuer: string;
  clientId: string;
  clientSecretEncrypted: string;
  displayName: string;
  emailDomains: string[];
  requireSso: boolean;
  jitEnabled: boolean;
  jitRole: string;
};

export const jitRoleOf = (role: string): AdminSsoConfig["jit_role"] => ((JIT_ROLES as readonly string[]).includes(role) ? (role as AdminSsoConfig["jit_role"]) : "analyst");

function viewOf(row: Row): AdminSsoConfig {
  return {
    issuer: row.issuer,
    client_id: row.clientId,
    client_secret_set: row.clientSecretEncrypted !== "",
    display_name: row.displayName,
    email_domains: row.emailDomains,
    require_sso: row.requireSso,
    jit_enabled: row.jitEnabled,
    jit_role: jitRoleOf(row.jitRole),
  };
}

/** The partner's admin SSO settings, or null when single sign-on is off. */
export async function getAdminSso(scope: PartnerScope): Promise<AdminSsoConfig | null> {
  const row = await db.adminSsoConfig.findUnique({ where: { partnerId: scope.partnerId } });
  return row ? viewOf(row) : null;
}

/** Makes the "partner holds a domain" check and the write one step across concurrent saves. */
const DOMAIN_LOCK_KEY = 0x5350_0001;

/**
 * Replaces the settings (null: off). The client secret is kept when left out and the issuer is the
 * same; a new issuer or a first configuration needs one. An email domain another partner's SSO
 * already serves is refused (409 sso_domain_taken): discovery must name one IdP per domain.
 */
export async function updateAdminSso(scope: PartnerScope, actor: ActivityActor, input: AdminSsoInput): Promise<AdminSsoConfig | null> {
  return db.$transaction(async (tx) => {
    const before = await tx.adminSsoConfig.findUnique({ where: { partnerId: scope.partnerId } });
    const config = input.config;
    if (!config) {
      if (before) {
        await tx.adminSsoConfig.delete({ where: { partnerId: scope.partnerId } });
        await recordActivity({ actor, partnerId: scope.partnerId, action: "settings.admin_sso_changed", target: { type: "partner", id: scope.partnerId }, summary: "Turned off single sign-on for admins", changes: { before: viewOf(before), after: null } }, tx);
      }
      return null;
    }
    let secret = before?.clientSecretEncrypted ?? null;
    if (config.client_secret) secret = encryptWebhookSecret(config.client_secret);
    else if (!secret || before?.issuer !== config.issuer) {
      throw new AppError("parameter_invalid", "config.client_secret is required when the identity provider is new or its issuer changes", { param: "config.client_secret" });
    }
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${DOMAIN_LOCK_KEY}::bigint)`;
    const taken = await tx.adminSsoConfig.findFirst({ where: { partnerId: { not: scope.partnerId }, emailDomains: { hasSome: config.email_domains } }, select: { emailDomains: true } });
    if (taken) {
      const domain = config.email_domains.find((d) => taken.emailDomains.includes(d)) ?? config.email_domains[0];
      throw new AppError("sso_domain_taken", `${domain} is already served by another organization's single sign-on`, { param: "config.email_domains" });
    }
    const data = {
      issuer: config.issuer,
      clientId: config.client_id,
      clientSecretEncrypted: secret,
      displayName: config.display_name,
      emailDomains: config.email_domains,
      requireSso: config.require_sso,
      jitEnabled: config.jit_enabled,
      jitRole: config.jit_role,
    };
    const row = await tx.adminSsoConfig.upsert({ where: { partnerId: scope.partnerId }, create: { partnerId: scope.partnerId, ...data }, update: data });
    const after = viewOf(row);
    await recordActivity(
      {
        actor,
        partnerId: scope.partnerId,
        action: "settings.admin_sso_changed",
        target: { type: "partner", id: scope.partnerId },
        summary: before ? `Changed single sign-on for admins (${after.display_name})` : `Turned on single sign-on for admins (${after.display_name})`,
        // Never the secret: only whether it changed.
        changes: { before: before ? viewOf(before) : null, after: { ...after, client_secret_changed: Boolean(config.client_secret) } },
      },
      tx,
    );
    return after;
  });
}

const EMAIL_SHAPE = /^[^\s@]{1,64}@([^\s@]{1,253})$/;

/** The lower-case domain of an email address, or null. */
export function emailDomainOf(email: string): string | null {
  const m = EMAIL_SHAPE.exec(email.trim().toLowerCase());
  return m ? m[1] : null;
}

/** /login's domain discovery: the active partner whose admin SSO serves this email's domain. */
export async function discoverAdminSso(email: string): Promise<{ partnerId: string; displayName: string } | null> {
  const domain = emailDomainOf(email);
  if (!domain) return null;
  const row = await db.adminSsoConfig.findFirst({ where: { emailDomains: { has: domain }, partner: { active: true } }, select: { partnerId: true, displayName: true } });
  return row ? { partnerId: row.partnerId, displayName: row.displayName } : null;
}

/** The configuration with its client secret opened, for the sign-in flow only (null: off, or the secret no longer opens). */
export async function adminSsoClient(partnerId: string): Promise<(Row & { partnerId: string; clientSecret: string }) | null> {
  const row = await db.adminSsoConfig.findFirst({ where: { partnerId, partner: { active: true } } });
  if (!row) return null;
  try {
    return { ...row, clientSecret: decryptWebhookSecret(row.clientSecretEncrypted) };
  } catch {
    // Sealed under an AUTH_SECRET that is gone: as if not configured until an owner saves it again.
    return null;
  }
}
