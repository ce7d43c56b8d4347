// GET /auth/oidc/start: to the partner's identity provider (src/server/endpoints/member-sign-in.ts).
import { memberSignInRoute } from "../../../_lib/member-sign-in-route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = memberSignInRoute("/auth/oidc/start");
