// Bearer token → PartnerScope. The scope is the only tenant/environment a handler ever sees.
import { AppError } from "@/server/errors/app-error";
import { cachedVerification, verifyPartnerToken } from "@/server/crypto/partner-token";
import { assertPartnerActive, isPartnerActiveNow } from "@/server/services/partners";
import type { PartnerScope } from "@/server/scope";

export async function authenticateRequest(request: Request): Promise<PartnerScope> {
  const header = request.headers.get("authorization");
  if (!header) throw new AppError("authentication_required", "Send Authorization: Bearer <token>; get a token from POST /v1/authentications");
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw new AppError("token_invalid", "The Authorization header must be: Bearer <token>");
  // A token seen before and an active partner in the pushed cache: no promise on the hot path.
  const token = cachedVerification(m[1]) ?? (await verifyPartnerToken(m[1]));
  const scope = { partnerId: token.partnerId, environment: token.environment } as const;
  if (!isPartnerActiveNow(scope.partnerId)) await assertPartnerActive(scope);
  return scope;
}
