// The per-route pieces, in order: authenticate → rate limit → idempotency → handler.
// Each piece is its own module so that each stays small and separately testable.
import type { PartnerScope } from "@/server/scope";
import type { ApiContext, CompiledRoute } from "./api-route";
import { jsonResponse } from "./json-response";
import { authenticateRequest } from "./authenticate-request";

export async function pipeline(route: CompiledRoute, ctx: ApiContext, onScope: (s: PartnerScope) => void): Promise<Response> {
  if (route.auth === "partner") {
    ctx.scope = await authenticateRequest(ctx.request);
    onScope(ctx.scope);
  }
  const result = await route.handler(ctx);
  return result instanceof Response ? result : jsonResponse(result.status, result.body, result.headers);
}
