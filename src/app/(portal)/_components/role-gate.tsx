"use client";
// The page area of the shell: the page, or a refusal when the admin's team role may not use it
// (nav-items.ts, following the permission table). Client-side, so it follows soft navigations the
// shared layout does not re-render for. The server refuses the page's data either way.
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { TEAM_ROLE_LABELS } from "@/server/domain/team-roles";
import { canOpenPage, type NavOptions } from "./nav-items";

export function RoleGate({ children, twoFactorSetupRequired, ...nav }: NavOptions & { twoFactorSetupRequired: boolean; children: ReactNode }) {
  const pathname = usePathname();
  const router = useRouter();
  const mustSetUp = twoFactorSetupRequired && pathname !== "/account";
  useEffect(() => {
    if (mustSetUp) router.replace("/account");
  }, [mustSetUp, router]);
  if (mustSetUp) return <p role="status">Two-factor authentication is required: opening your account page…</p>;
  if (canOpenPage(pathname, nav)) return <>{children}</>;
  return (
    <div role="alert" className="rounded-lg border bg-card p-6">
      <h1 className="text-lg font-semibold">Your role does not include this page</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        You are signed in as {TEAM_ROLE_LABELS[nav.teamRole ?? "owner"].toLowerCase()}. Ask an owner of your team if you need access.
      </p>
      <Link href="/" className="mt-4 inline-block text-sm font-medium underline underline-offset-4">
        Back to the overview
      </Link>
    </div>
  );
}
