// POST /auth/oidc/watch (watch=…): the widget's frame collects its popup's sign-in when the IdP cut the
// popup off from its opener (src/server/endpoints/member-sign-in.ts).
import { memberSignInRoute } from "../../../_lib/member-sign-in-route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = memberSignInRoute("/auth/oidc/watch");
