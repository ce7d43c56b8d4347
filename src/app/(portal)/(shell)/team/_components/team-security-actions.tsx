"use client";
// An owner's security actions on a teammate (contract.md section 17): the role (never the last
// owner's), resetting a lost second factor, and signing the teammate out everywhere. Each change
// ends the teammate's sessions and is recorded in Activity.
import { LogOut, ShieldOff } from "lucide-react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { TEAM_ROLE_DESCRIPTIONS, TEAM_ROLE_LABELS, TEAM_ROLES, type TeamRole } from "@/server/domain/team-roles";
import type { TeamAdmin } from "@/server/schemas/team.schema";
import { api } from "@/trpc/react";

export function RoleSelect({ admin, lastOwner, disabled }: { admin: TeamAdmin; lastOwner: boolean; disabled: boolean }) {
  const utils = api.useUtils();
  const setRole = api.team.setRole.useMutation();
  const locked = disabled || (lastOwner && admin.role === "owner");
  return (
    <Select
      value={admin.role}
      disabled={locked || setRole.isPending}
      onValueChange={async (role) => {
        try {
          await setRole.mutateAsync({ id: admin.id, role: role as TeamRole });
          toast.success(`${admin.email} is now ${TEAM_ROLE_LABELS[role as TeamRole].toLowerCase()}`);
        } catch (error) {
          toast.error((error as Error).message);
        }
        await utils.team.list.invalidate();
      }}
    >
      <SelectTrigger
        className="w-36"
        aria-label={`Role of ${admin.email}`}
        title={lastOwner && admin.role === "owner" ? "The only owner keeps the owner role: make another admin an owner first." : undefined}
      >
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {TEAM_ROLES.map((role) => (
          <SelectItem key={role} value={role} title={TEAM_ROLE_DESCRIPTIONS[role]}>
            {TEAM_ROLE_LABELS[role]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** What each role may do, under the team table. */
export function RoleLegend() {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {TEAM_ROLES.map((role) => (
        <div key={role} className="contents">
          <dt className="font-medium">{TEAM_ROLE_LABELS[role]}</dt>
          <dd className="text-muted-foreground">{TEAM_ROLE_DESCRIPTIONS[role]}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ResetTwoFactorButton({ admin }: { admin: TeamAdmin }) {
  const utils = api.useUtils();
  const reset = api.team.resetTwoFactor.useMutation();
  if (!admin.two_factor_enabled || admin.is_you) return null;
  return (
    <ConfirmDialog
      destructive
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Reset two-factor authentication of ${admin.email}`}>
          <ShieldOff aria-hidden="true" /> <span className="sm:hidden lg:inline">Reset 2FA</span>
        </Button>
      }
      title={`Reset ${admin.email}'s two-factor authentication?`}
      description="Their authenticator app and recovery codes stop working and they are signed out everywhere. They sign in with their password and set up two-factor authentication again."
      confirmLabel="Reset 2FA"
      onConfirm={async () => {
        try {
          await reset.mutateAsync({ id: admin.id });
          toast.success(`Reset ${admin.email}'s two-factor authentication`);
          await utils.team.list.invalidate();
        } catch (error) {
          toast.error((error as Error).message);
        }
      }}
    />
  );
}

export function EndSessionsButton({ admin }: { admin: TeamAdmin }) {
  const end = api.team.endSessions.useMutation();
  if (admin.is_you || !admin.password_set) return null;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Sign out ${admin.email} everywhere`}>
          <LogOut aria-hidden="true" /> <span className="sm:hidden lg:inline">Sign out</span>
        </Button>
      }
      title={`Sign out ${admin.email} everywhere?`}
      description="Every browser where they are signed in to this portal is signed out at its next request. Their account stays; they can sign in again."
      confirmLabel="Sign out everywhere"
      onConfirm={async () => {
        try {
          const { ended } = await end.mutateAsync({ id: admin.id });
          toast.success(`Signed out ${ended} session${ended === 1 ? "" : "s"} of ${admin.email}`);
        } catch (error) {
          toast.error((error as Error).message);
        }
      }}
    />
  );
}
