// The one tenant filter of every inquiries query (partner AND environment).
import { requireScope, type PartnerScope } from "@/server/scope";

export function inquiryScopeWhere(scope: PartnerScope) {
  return requireScope(scope, "inquiries");
}
