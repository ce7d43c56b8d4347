// GET /auth/oidc/callback: the redirect URI registered at the identity provider (src/server/endpoints/member-sign-in.ts).
import { memberSignInRoute } from "../../../_lib/member-sign-in-route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = memberSignInRoute("/auth/oidc/callback");
