// The tenant guard of every events/analytics query: a scope that is not fully set throws instead of
// silently widening a query (every statement filters by partner_id AND environment).
import { requireScope, type PartnerScope } from "@/server/scope";

export function eventScope(scope: PartnerScope): { partnerId: string; environment: PartnerScope["environment"] } {
  return requireScope(scope, "events");
}
