// The /scim/v2 routes: discovery, /Users, and 404 in SCIM's error shape for everything else
// (/Groups is not offered). Resource paths are matched case-insensitively, as directories differ.
import { AppError } from "@/server/errors/app-error";
import { resourceTypes, schemas, serviceProviderConfig } from "./discovery";
import { scimResponse } from "./scim-response";
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser, type ScimContext, type ScimResult } from "./users";

type Handler = (ctx: ScimContext, id: string) => Promise<ScimResult>;
type Route = { pattern: RegExp; name: string; methods: Partial<Record<string, Handler>> };

const staticResult = (body: unknown, outcome: string): ScimResult => ({ response: scimResponse(200, body), outcome });
const found = (body: unknown, what: string): ScimResult => {
  if (body === null) throw new AppError("route_not_found", `No ${what} with this id`);
  return staticResult(body, "read");
};

const ROUTES: Route[] = [
  { pattern: /^\/serviceproviderconfigs?$/i, name: "/ServiceProviderConfig", methods: { GET: async (ctx) => staticResult(serviceProviderConfig(ctx.base), "discovery") } },
  { pattern: /^\/resourcetypes$/i, name: "/ResourceTypes", methods: { GET: async (ctx) => staticResult(resourceTypes(ctx.base, null), "discovery") } },
  { pattern: /^\/resourcetypes\/([^/]+)$/i, name: "/ResourceTypes/:id", methods: { GET: async (ctx, id) => found(resourceTypes(ctx.base, id), "resource type") } },
  { pattern: /^\/schemas$/i, name: "/Schemas", methods: { GET: async (ctx) => staticResult(schemas(ctx.base, null), "discovery") } },
  { pattern: /^\/schemas\/([^/]+)$/i, name: "/Schemas/:id", methods: { GET: async (ctx, id) => found(schemas(ctx.base, id), "schema") } },
  { pattern: /^\/users$/i, name: "/Users", methods: { GET: (ctx) => listUsers(ctx), POST: (ctx) => createUser(ctx) } },
  {
    pattern: /^\/users\/([^/]+)$/i,
    name: "/Users/:id",
    methods: { GET: getUser, PUT: replaceUser, PATCH: patchUser, DELETE: deleteUser },
  },
];

export async function routeScimRequest(request: Request, url: URL, ctx: Omit<ScimContext, "request" | "url">): Promise<ScimResult & { route: string | null }> {
  const rest = url.pathname.slice("/scim/v2".length).replace(/\/$/, "");
  for (const route of ROUTES) {
    const m = route.pattern.exec(rest);
    if (!m) continue;
    const handler = route.methods[request.method];
    if (!handler) {
      throw new AppError("method_not_allowed", `${request.method} is not allowed on ${url.pathname}`, { extra: { allowed_methods: Object.keys(route.methods) } });
    }
    const id = m[1] === undefined ? "" : decodeId(m[1]);
    const result = await handler({ ...ctx, request, url }, id);
    return { ...result, route: `/scim/v2${route.name}` };
  }
  if (/^\/groups(\/|$)/i.test(rest)) throw new AppError("route_not_found", "Groups are not offered: Perkway provisions users only");
  throw new AppError("route_not_found", `No SCIM endpoint ${request.method} ${url.pathname}`);
}

function decodeId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new AppError("route_not_found", "No resource with this id");
  }
}
