// A tracked deal link (/r/{click_id} on the partner's host, /p/{subdomain}/r/… or /embed/{subdomain}/r/…)
// through Next's own server: src/proxy.ts rewrites each form here, with the base the member's links
// use. Our server answers the same paths before Next (src/server/endpoints/click-redirect.ts).
import type { NextRequest } from "next/server";
import { handleClickRequest } from "@perkway/server/endpoints/click-redirect";
import { MEMBER_HEADERS } from "@/lib/hosted/member-surface";
import { newRequestId } from "@perkway/server/http/request-id";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

async function handle(request: NextRequest, { params }: { params: Promise<{ subdomain: string }> }) {
  const { subdomain } = await params;
  // The id as sent (still percent-encoded): a malformed one is a friendly 400, not Next's error.
  const rawId = request.nextUrl.pathname.replace(/\/$/, "").split("/").pop() ?? "";
  const base = request.headers.get(MEMBER_HEADERS.base) ?? `/p/${subdomain.toLowerCase()}`;
  const response = await handleClickRequest(request.method, { subdomain: subdomain.toLowerCase(), rawId, base });
  // Our server's request observer sets it on the lean door; here the route sets it.
  response.headers.set("X-Request-Id", newRequestId());
  return response;
}
export { handle as GET, handle as HEAD, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
