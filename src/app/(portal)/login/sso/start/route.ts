// GET /login/sso/start?email=…: an admin's single sign-on through the partner's IdP (src/server/endpoints/admin-sso.ts).
import { adminSsoStart } from "@perkway/server/endpoints/admin-sso";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = (request: Request) => adminSsoStart(request);
