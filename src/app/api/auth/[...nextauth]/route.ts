// GET|POST /api/auth/* — next-auth's endpoints (csrf, credentials callback, session, sign-out). What
// next-auth would answer with a 500 is answered here first: an ?error= that is not one of our codes
// (a CR/LF would break its redirect) becomes the generic code, the credentials callback is POST
// only, sign-out is a POST from our own page (no sign-out page to frame), and anything next-auth
// throws becomes the login page with the generic error. Framing is forbidden on every response
// (src/server/http/page-request-guard.ts).
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { isSignInErrorCode, type SignInErrorCode } from "@/lib/sign-in-errors";
import { authOptions } from "@perkway/server/auth/next-auth-options";

type Ctx = { params: Promise<{ nextauth: string[] }> };

const nextAuth = NextAuth(authOptions) as (req: NextRequest, ctx: Ctx) => Promise<Response>;

function toLogin(code: SignInErrorCode): Response {
  return new Response(null, { status: 303, headers: { Location: `/login?error=${code}`, "Cache-Control": "no-store" } });
}

function postOnly(): Response {
  return new Response("Use POST.\n", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });
}

async function handler(req: NextRequest, ctx: Ctx): Promise<Response> {
  try {
    const [action] = (await ctx.params).nextauth ?? [];
    if (req.method === "GET" && (action === "callback" || action === "signout")) return postOnly();
    const error = req.nextUrl.searchParams.get("error");
    if (error !== null && !isSignInErrorCode(error)) {
      if (action === "error" || action === "signin") return toLogin("SignInUnavailable");
      return new Response("Bad request.\n", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    const response = await nextAuth(req, ctx);
    if (response.status >= 500) return toLogin("SignInUnavailable");
    return response;
  } catch (err) {
    console.error("next-auth route failed:", err);
    return toLogin("SignInUnavailable");
  }
}

export { handler as GET, handler as POST };
