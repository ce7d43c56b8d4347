// GET /auth/oidc/complete?code=…: the widget's frame collects the popup's sign-in (src/server/endpoints/member-sign-in.ts).
import { memberSignInRoute } from "../../../_lib/member-sign-in-route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = memberSignInRoute("/auth/oidc/complete");
