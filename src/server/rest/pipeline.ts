// The per-route pieces, in order: authenticate → rate limit → idempotency → handler.
// Each piece is its own module so that each stays small and separately testable.
import { AppError } from "@/server/errors/app-error";
import { toAppError } from "@/server/errors/to-app-error";
import { errorResponse } from "@/server/http/error-response";
import type { ApiContext, CompiledRoute } from "@/server/http/api-route";
import { jsonResponse } from "@/server/http/json-response";
import { authenticateRequest } from "./authenticate-request";
import { beginIdempotency } from "./idempotency";
import { refuseUnreadInput } from "./unread-input";

export async function pipeline(route: CompiledRoute, ctx: ApiContext): Promise<Response> {
  const limiter = ctx.limiter;

  if (route.auth === "partner") {
    try {
      ctx.scope = await authenticateRequest(ctx.request);
    } catch (err) {
      if (err instanceof AppError && err.status === 401) {
        ctx.responseHeaders.set("WWW-Authenticate", err.code === "authentication_required" ? 'Bearer realm="perkway"' : 'Bearer realm="perkway", error="invalid_token"');
      }
      await chargeClientIp(ctx); // failed authentications count against the caller's IP
      throw err;
    }
  }

  const policy = route.rateLimit ?? (route.auth === "partner" ? "partner" : "anonymous");
  if (policy === "partner") {
    const subject = `${ctx.scope.partnerId}:${ctx.scope.environment}`;
    if (!limiter.chargeNow("partner", subject)) await limiter.charge("partner", subject);
  }
  else if (policy === "authentication") {
    if (ctx.clientIp) await limiter.charge("authentication_ip", ctx.clientIp);
  } else await chargeClientIp(ctx);

  // Most requests have nothing of either to check: no promise for them (the hot path's GETs).
  const unread = refuseUnreadInput(route, ctx.request, ctx.url);
  if (unread) await unread;
  const idempotency = route.idempotent ? await beginIdempotency(route, ctx) : null;
  if (idempotency && "replay" in idempotency) return idempotency.replay;

  let response: Response;
  try {
    const result = await route.handler(ctx);
    response = result instanceof Response ? result : jsonResponse(result.status, result.body, result.headers);
  } catch (err) {
    // A 4xx is the request's answer: stored and replayed like a success (docs/api.md, Idempotency). Anything a
    // retry may fix (5xx, 429) frees the key; a failure to do so must not hide the handler's error
    // (the pending record is then taken over once its heartbeat is IDEMPOTENCY_ABANDONED_AFTER_MS old).
    const status = toAppError(err).status;
    if (idempotency && status >= 400 && status < 500 && status !== 429) {
      return idempotency.complete(errorResponse(err, { requestId: ctx.requestId, request: ctx.request, url: ctx.url, errorFields: route.errorFields }));
    }
    await idempotency?.release().catch(() => {});
    throw err;
  }
  return idempotency ? idempotency.complete(response) : response;
}

/** Requests without a partner (unknown routes, failed authentication, public routes): per client IP. */
export async function chargeClientIp(ctx: Pick<ApiContext, "clientIp" | "limiter">): Promise<void> {
  if (ctx.clientIp && !ctx.limiter.charged) await ctx.limiter.charge("anonymous", ctx.clientIp);
}
