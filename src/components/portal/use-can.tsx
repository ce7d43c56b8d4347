"use client";
// Whether the signed-in admin may call a procedure: the shell hands down the procedures its role may
// call (read from the procedures' own permissions on the server, src/server/trpc/procedure-permissions.ts,
// the ones the server enforces), and the portal hides what a role cannot do.
import { createContext, type ReactNode, useContext, useMemo } from "react";

const AllowedProcedures = createContext<ReadonlySet<string>>(new Set());

export function AllowedProceduresProvider({ allowed, children }: { allowed: readonly string[]; children: ReactNode }) {
  const set = useMemo(() => new Set(allowed), [allowed]);
  return <AllowedProcedures.Provider value={set}>{children}</AllowedProcedures.Provider>;
}

export function useCan(procedure: string): boolean {
  return useContext(AllowedProcedures).has(procedure);
}
