// Every partner-facing service receives this scope first; it comes only from a verified token
// (or a portal session), never from request input, so tenant and environment cannot be forged.
import { UUID_RE as UUID_PATTERN } from "@/server/domain/ids";

export type Environment = "live" | "test";

export type PartnerScope = Readonly<{ partnerId: string; environment: Environment }>;

export type AdminActor = Readonly<{
  adminId: string;
  role: "super_admin" | "partner_admin" | "provider";
  partnerId: string | null;
}>;

/** A provider user's scope (contract section 18): their provider, from the session, never from input. */
export type ProviderScope = Readonly<{ providerId: string; adminId: string }>;

/**
 * The guard at the root of every tenant filter: a scope that is not fully set throws instead of
 * silently widening a query to every partner or environment.
 */
export function requireScope(scope: PartnerScope, domain: string): { partnerId: string; environment: Environment } {
  if (!scope?.partnerId || !UUID_PATTERN.test(scope.partnerId) || (scope.environment !== "live" && scope.environment !== "test")) {
    throw new Error(`${domain}: a partner scope with partnerId and environment is required`);
  }
  return { partnerId: scope.partnerId, environment: scope.environment };
}
