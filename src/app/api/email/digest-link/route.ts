// GET /api/email/digest-link?t= — a tracked link of a digest or ending-soon email: counts the click
// (the digest's open on its first click; no pixels) and redirects to the deal in the partner's
// hosted app. A bad token is a 400, never a 5xx.
import { hostedAppConfig } from "@perkway/server/config/hosted-app-config";
import { AppError } from "@perkway/server/errors/app-error";
import { followDigestLink } from "@perkway/server/services/digests";

export async function GET(req: Request): Promise<Response> {
  const token = new URL(req.url).searchParams.get("t") ?? "";
  try {
    const target = await followDigestLink(token.slice(0, 400), hostedAppConfig());
    return new Response(null, { status: 302, headers: { location: target, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      return new Response("This link is not valid.", { status: 400, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
    }
    throw err;
  }
}
