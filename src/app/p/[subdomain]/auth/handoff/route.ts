// GET /auth/handoff?token=…&next=… (and /embed/{subdomain}?handoff=…, rewritten here by the proxy): the signed hand-off (src/server/endpoints/member-sign-in.ts).
import { memberSignInRoute } from "../../_lib/member-sign-in-route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = memberSignInRoute("/auth/handoff");
