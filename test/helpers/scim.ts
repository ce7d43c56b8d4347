// SCIM tests' parts: the two doors (our server's lean path, and Next's route handler file served over
// real HTTP), a partner with a directory token, and a fetch that speaks application/scim+json.
import { productRequestListener } from "@/server/server";
import { fetchRequestListener, listenHttp, type HttpListener } from "@/server/http/request-listener";
import * as nextRoute from "@/app/scim/v2/[[...path]]/route";
import { createDirectoryToken } from "@/server/services/directory-sync";
import type { Environment } from "@/server/scope";
import { seedPartner } from "./seed";

export type ScimDoors = { lean: HttpListener; next: HttpListener; close: () => Promise<void> };

/** Both doors: src/server/server.ts (Next stand-in behind it) and src/app/scim/v2/[[...path]]/route.ts. */
export async function startScimDoors(): Promise<ScimDoors> {
  const lean = await listenHttp(productRequestListener((_req, res) => void res.writeHead(404, { "content-type": "text/plain" }).end("next stand-in")));
  const handlers = nextRoute as unknown as Record<string, (r: Request) => Promise<Response>>;
  const next = await listenHttp(fetchRequestListener((request) => handlers[request.method](request)));
  return { lean, next, close: async () => void (await Promise.all([lean.close(), next.close()])) };
}

/** A partner and a directory token of one environment, made as an admin would. */
export async function seedDirectory(environment: Environment = "live") {
  const seeded = await seedPartner();
  const scope = { partnerId: seeded.partner.id, environment };
  const { token, directory_token } = await createDirectoryToken(scope, { name: "Entra ID" }, { type: "cli" });
  return { ...seeded, scope, token, tokenId: directory_token.id };
}

export type ScimAnswer = { status: number; headers: Headers; body: any };

export async function scim(base: string, token: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ScimAnswer> {
  const res = await fetch(`${base}/scim/v2${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/scim+json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, body: json };
}

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const PERKWAY_SCHEMA = "urn:perkway:params:scim:schemas:extension:member:2.0:User";
export const ENTERPRISE_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";
