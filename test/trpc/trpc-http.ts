// tRPC over HTTP for tests: a Request to the app router's fetch adapter (the handler behind
// /api/trpc), answered with the real status and error body. The session comes from the context's
// claims seam, checked against the database like a cookie's.
import { randomUUID } from "node:crypto";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { AdminClaims } from "@/server/auth/get-admin-session";
import type { TeamRole } from "@/server/domain/team-roles";
import { createAdmin } from "@/server/services/admins";
import { createTRPCContext } from "@/server/trpc/context";
import { appRouter } from "@/server/trpc/routers/_app";

export type TrpcAnswer = { status: number; appCode: string | null; code: string | null; data: unknown };

export async function trpcHttp(claims: AdminClaims | null, path: string, type: "query" | "mutation", input?: unknown): Promise<TrpcAnswer> {
  const base = `http://localhost/api/trpc/${path}`;
  const req =
    type === "query"
      ? new Request(input === undefined ? base : `${base}?input=${encodeURIComponent(JSON.stringify(input))}`)
      : new Request(base, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input ?? {}) });
  const res = await fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter, createContext: () => createTRPCContext({ headers: req.headers, claims }), onError: () => {} });
  const body = (await res.json()) as { result?: { data: unknown }; error?: { data?: { code?: string; appCode?: string | null } } };
  return { status: res.status, appCode: body.error?.data?.appCode ?? null, code: body.error?.data?.code ?? null, data: body.result?.data };
}

/** A partner admin with a team role, created through the real service (as the CLI does). */
export async function seedRoleAdmin(partnerId: string, teamRole: TeamRole, password = "correct horse battery staple") {
  const email = `${teamRole}-${randomUUID().slice(0, 8)}@perkway.test`;
  const created = await createAdmin("operator", { email, role: "partner_admin", partner_id: partnerId, team_role: teamRole, password });
  const claims: AdminClaims = { actor: { adminId: created.admin_id, role: "partner_admin", partnerId }, email, name: null, sessionVersion: 0 };
  return { adminId: created.admin_id, email, claims, password };
}
