// The one tenant filter of every members query (partner AND environment), documenso-style: a scope
// that is not fully set throws instead of silently widening a query.
import { requireScope, type PartnerScope } from "@/server/scope";

export function memberScopeWhere(scope: PartnerScope): { partnerId: string; environment: PartnerScope["environment"] } {
  return requireScope(scope, "members");
}
