// GET /login/sso/callback: the redirect URI admins' SSO registers at the IdP (src/server/endpoints/admin-sso.ts).
import { adminSsoCallback } from "@perkway/server/endpoints/admin-sso";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = (request: Request) => adminSsoCallback(request);
