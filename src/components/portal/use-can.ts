"use client";
// Whether the signed-in admin's role may call a procedure (the permission table of
// src/server/domain/team-roles.ts, the one the server enforces): the portal hides what a role cannot
// do. false until the session is known, so nothing forbidden flashes in.
import { canCall } from "@/server/domain/team-roles";
import { api } from "@/trpc/react";

export function useCan(procedure: string): boolean {
  const me = api.me.useQuery(undefined, { staleTime: 60_000 });
  if (!me.data) return false;
  const caller = me.data.role === "super_admin" ? { kind: "super_admin" as const } : { kind: "partner_admin" as const, teamRole: me.data.teamRole ?? "owner" };
  return canCall(caller, procedure);
}
