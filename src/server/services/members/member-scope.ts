// The one tenant filter of every members query (partner AND environment), documenso-style: a scope
// that is not fully set throws instead of silently widening a query.
import type { PartnerScope } from "@/server/scope";

export function memberScopeWhere(scope: PartnerScope): { partnerId: string; environment: PartnerScope["environment"] } {
  if (!scope?.partnerId || (scope.environment !== "live" && scope.environment !== "test")) {
    throw new Error("members: a partner scope with partnerId and environment is required");
  }
  return { partnerId: scope.partnerId, environment: scope.environment };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that are not UUIDs cannot name a member: 404 without a database error. */
export function isUuid(id: string): boolean {
  return UUID_RE.test(id);
}
