// The tenant guard of every events/analytics query: a scope that is not fully set throws instead of
// silently widening a query (every statement filters by partner_id AND environment).
import type { PartnerScope } from "@/server/scope";

export function eventScope(scope: PartnerScope): { partnerId: string; environment: PartnerScope["environment"] } {
  if (!scope?.partnerId || !UUID_RE.test(scope.partnerId) || (scope.environment !== "live" && scope.environment !== "test")) {
    throw new Error("events: a partner scope with partnerId and environment is required");
  }
  return { partnerId: scope.partnerId, environment: scope.environment };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string): boolean {
  return UUID_RE.test(id);
}
