// Next's route handlers of member sign-in through the partner's identity: the request context the
// proxy resolved (MEMBER_HEADERS), then the fetch-style handler of src/server/endpoints/member-sign-in.ts.
import type { NextRequest } from "next/server";
import { MEMBER_HEADERS } from "@/lib/hosted/member-surface";
import { requestHost } from "@perkway/server/config/app-host";
import { memberSignInHandler, type MemberSignInPath } from "@perkway/server/endpoints/member-sign-in";

type Ctx = { params: Promise<{ subdomain: string }> };

export function memberSignInRoute(path: MemberSignInPath) {
  const handler = memberSignInHandler(path)!;
  return async (request: NextRequest, { params }: Ctx): Promise<Response> => {
    const { subdomain } = await params;
    const h = request.headers;
    const sub = subdomain.toLowerCase();
    return handler(request, {
      subdomain: sub,
      surface: h.get(MEMBER_HEADERS.surface) === "embed" ? "embed" : "hosted",
      base: h.get(MEMBER_HEADERS.base) ?? `/p/${sub}`,
      secure: h.get(MEMBER_HEADERS.secure) === "1",
      host: requestHost(h),
      nonce: h.get(MEMBER_HEADERS.nonce) ?? undefined,
    });
  };
}
