// POST /auth/magic/continue — the confirmation of a sign-in link (form post from GET /auth/magic):
// consumes the link (single use) and starts the member session, then 303 to the deal list. A plain
// route handler, not a server action: its redirect is a real HTTP redirect that goes back through
// the host routing (a server action would render "/" of the main app in the same request).
// src/proxy.ts has already refused the request unless its Origin is this host.
import { NextResponse, type NextRequest } from "next/server";
import { MEMBER_COOKIE } from "@/lib/hosted/member-surface";
import { AppError } from "@perkway/server/errors/app-error";
import { startMemberSession } from "@perkway/server/services/members";
import { WIDGET_RETURN_PARAM } from "@/lib/hosted/widget-return";
import { getSurface, loadPartner, sessionCookieOptions } from "@/server/auth/member-context";

type Ctx = { params: Promise<{ subdomain: string }> };

function seeOther(location: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

export async function POST(request: NextRequest, { params }: Ctx): Promise<NextResponse> {
  const { subdomain } = await params;
  const partner = await loadPartner(subdomain);
  const surface = await getSurface(subdomain);
  if (!partner) return seeOther(surface.base || "/");
  const form = await request.formData().catch(() => null);
  const token = String(form?.get("token") ?? "");
  try {
    const session = await startMemberSession(partner.id, token);
    const response = seeOther(surface.base || "/");
    response.cookies.set(MEMBER_COOKIE, session.token, sessionCookieOptions(surface, session.expiresAt));
    return response;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const state = err.code === "magic_link_used" ? "used" : err.code === "magic_link_expired" ? "expired" : "invalid";
    // In the widget, the page that embeds it goes along: a new link asked for there comes back to it.
    const returnTo = surface.surface === "embed" ? String(form?.get(WIDGET_RETURN_PARAM) ?? "").slice(0, 4096) : "";
    return seeOther(`${surface.base}/auth/magic?status=${state}${returnTo ? `&${WIDGET_RETURN_PARAM}=${encodeURIComponent(returnTo)}` : ""}`);
  }
}
