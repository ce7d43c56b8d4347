// POST /auth/sign-out — ends the member session on this surface (clears its cookie), then 303 to
// the partner's welcome page. Same-origin only (src/proxy.ts).
import { NextResponse } from "next/server";
import { MEMBER_COOKIE } from "@/components/hosted/surface";
import { getSurface, sessionCookieOptions } from "../../_lib/member-context";

type Ctx = { params: Promise<{ subdomain: string }> };

export async function POST(_request: Request, { params }: Ctx): Promise<NextResponse> {
  const surface = await getSurface((await params).subdomain);
  const response = new NextResponse(null, { status: 303, headers: { Location: `${surface.base}/?signed_out=1`, "Cache-Control": "no-store" } });
  response.cookies.set(MEMBER_COOKIE, "", { ...sessionCookieOptions(surface), maxAge: 0 });
  return response;
}
