// POST /auth/sign-out — ends the member session on this surface (on the server, and clears its
// cookie), then 303 to the partner's welcome page. Same-origin only (src/proxy.ts).
import { cookies } from "next/headers";
import { NextResponse } from "next/server";
import { endMemberSession } from "@perkway/server/services/members";
import { MEMBER_COOKIE } from "@/lib/hosted/member-surface";
import { getSurface, loadPartner, sessionCookieOptions } from "@/server/auth/member-context";

type Ctx = { params: Promise<{ subdomain: string }> };

export async function POST(_request: Request, { params }: Ctx): Promise<NextResponse> {
  const { subdomain } = await params;
  const surface = await getSurface(subdomain);
  const partner = await loadPartner(subdomain);
  if (partner) await endMemberSession(partner.id, (await cookies()).get(MEMBER_COOKIE)?.value);
  const response = new NextResponse(null, { status: 303, headers: { Location: `${surface.base}/?signed_out=1`, "Cache-Control": "no-store" } });
  response.cookies.set(MEMBER_COOKIE, "", { ...sessionCookieOptions(surface), maxAge: 0 });
  return response;
}
