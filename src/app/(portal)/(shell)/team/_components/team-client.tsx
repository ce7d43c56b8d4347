"use client";
// The admins table with invite, renew-link and remove actions, each admin's role and 2FA, and the
// owners' security actions (team-security-actions.tsx). The page is the owners' (the permission table).
import type { ColumnDef, Table } from "@tanstack/react-table";
import { KeyRound, Trash2, UserPlus, Users } from "lucide-react";
import { signOut } from "next-auth/react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { cellMeta, DataTable } from "@/components/portal/data-table";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { useDateFormat } from "@/components/portal/use-date-format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { TeamAdmin } from "@/server/schemas/team.schema";
import { api } from "@/trpc/react";
import { InviteAdminDialog } from "./invite-admin-dialog";
import { SetPasswordLinkDialog } from "./set-password-link-dialog";
import { EndSessionsButton, ResetTwoFactorButton, RoleLegend, RoleSelect } from "./team-security-actions";

// Follows the list: kept out of the columns so a refetch does not remount the cells (data-table.tsx).
type TeamMeta = { onlyOne: boolean; lastOwner: boolean };
const onlyOne = (table: Table<TeamAdmin>) => cellMeta<TeamMeta>(table).onlyOne;
const lastOwner = (table: Table<TeamAdmin>) => cellMeta<TeamMeta>(table).lastOwner;

export function TeamClient({ readOnly }: { readOnly: boolean }) {
  const list = api.team.list.useQuery();
  const admins = list.data;
  const onlyOneAdmin = (admins?.length ?? 0) <= 1;
  const onlyOneOwner = (admins?.filter((a) => a.role === "owner").length ?? 0) <= 1;

  const columns = useMemo<ColumnDef<TeamAdmin>[]>(
    () => [
      {
        header: "Admin",
        cell: ({ row: { original: a } }) => <AdminName admin={a} className="min-w-48" />,
      },
      {
        header: "Role",
        cell: ({ row: { original: a }, table }) => <RoleSelect admin={a} lastOwner={lastOwner(table)} disabled={readOnly} />,
      },
      { header: "2FA", cell: ({ row }) => <TwoFactorState admin={row.original} /> },
      { header: "Status", cell: ({ row }) => <AdminStatus admin={row.original} /> },
      { header: "Last sign-in", cell: ({ row }) => <LastSignIn admin={row.original} /> },
      {
        id: "actions",
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row: { original: a }, table }) => (readOnly ? null : <AdminActions admin={a} onlyOne={onlyOne(table)} lastOwner={lastOwner(table)} className="flex justify-end gap-1" />),
      },
    ],
    [readOnly],
  );

  // Phones (below md): one card per admin, every column on screen (issue 44: the Role column was cut at 375 px).
  const card = (a: TeamAdmin) => (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-sm">
      <AdminName admin={a} />
      <RoleSelect admin={a} lastOwner={onlyOneOwner} disabled={readOnly} />
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1.5">
        <dt className="text-muted-foreground">2FA</dt>
        <dd>
          <TwoFactorState admin={a} />
        </dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <AdminStatus admin={a} />
        </dd>
        <dt className="text-muted-foreground">Last sign-in</dt>
        <dd>
          <LastSignIn admin={a} />
        </dd>
      </dl>
      {readOnly ? null : <AdminActions admin={a} onlyOne={onlyOneAdmin} lastOwner={onlyOneOwner} className="-ml-2 flex flex-wrap gap-1" />}
    </div>
  );

  return (
    <section aria-labelledby="admins-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admins-heading" className="text-lg font-semibold">
          Admins
        </h2>
        {readOnly ? null : (
          <InviteAdminDialog
            trigger={
              <Button>
                <UserPlus aria-hidden="true" /> Invite admin
              </Button>
            }
          />
        )}
      </div>
      {list.error ? (
        <ErrorState error={list.error} retry={() => list.refetch()} title="The team could not be loaded" />
      ) : (
        <DataTable
          caption="Admins"
          columns={columns}
          card={card}
          data={admins}
          isLoading={list.isLoading}
          getRowId={(a) => a.id}
          meta={{ onlyOne: onlyOneAdmin, lastOwner: onlyOneOwner } satisfies TeamMeta}
          emptyState={<EmptyState icon={Users} title="No admins" description="Invite an admin to give someone access to this portal." />}
        />
      )}
      {onlyOneAdmin && admins ? <p className="text-sm text-muted-foreground">A partner always keeps at least one admin: invite a second one before removing the first.</p> : null}
      <RoleLegend />
    </section>
  );
}

function AdminName({ admin: a, className }: { admin: TeamAdmin; className?: string }) {
  return (
    <div className={className}>
      <div className="font-medium [overflow-wrap:anywhere]">
        {a.name ?? a.email} {a.is_you ? <Badge variant="outline">You</Badge> : null}
      </div>
      {a.name ? <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{a.email}</div> : null}
    </div>
  );
}

function TwoFactorState({ admin }: { admin: TeamAdmin }) {
  return admin.two_factor_enabled ? <Badge variant="secondary">On</Badge> : <span className="text-muted-foreground">Off</span>;
}

function AdminStatus({ admin }: { admin: TeamAdmin }) {
  return admin.password_set ? <Badge variant="secondary">Active</Badge> : <Badge variant="warning">Invited</Badge>;
}

function LastSignIn({ admin }: { admin: TeamAdmin }) {
  const { dateTime } = useDateFormat();
  return admin.last_sign_in_at ? <span className="whitespace-nowrap">{dateTime(admin.last_sign_in_at)}</span> : <span className="text-muted-foreground">Never</span>;
}

function AdminActions({ admin: a, onlyOne, lastOwner, className }: { admin: TeamAdmin; onlyOne: boolean; lastOwner: boolean; className: string }) {
  const removeRefusal = onlyOne
    ? "The only admin cannot be removed: invite another admin first."
    : lastOwner && a.role === "owner"
      ? "The only owner cannot be removed: make another admin an owner first."
      : null;
  return (
    <div className={className}>
      {!a.password_set ? <RenewLinkButton admin={a} /> : null}
      <ResetTwoFactorButton admin={a} />
      <EndSessionsButton admin={a} />
      <RemoveAdminButton admin={a} disabledReason={removeRefusal} />
    </div>
  );
}

function RenewLinkButton({ admin }: { admin: TeamAdmin }) {
  const renew = api.team.renewInvite.useMutation();
  const [link, setLink] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        disabled={renew.isPending}
        aria-label={`New set-password link for ${admin.email}`}
        onClick={async () => {
          try {
            setLink((await renew.mutateAsync({ id: admin.id })).set_password_url);
          } catch (error) {
            toast.error((error as Error).message);
          }
        }}
      >
        <KeyRound aria-hidden="true" /> <span className="sm:hidden lg:inline">New link</span>
      </Button>
      <SetPasswordLinkDialog email={admin.email} url={link} onClose={() => setLink(null)} />
    </>
  );
}

function RemoveAdminButton({ admin, disabledReason }: { admin: TeamAdmin; disabledReason: string | null }) {
  const utils = api.useUtils();
  const remove = api.team.remove.useMutation();
  const button = (
    <Button variant="ghost" size="sm" aria-label={`Remove ${admin.email}`} disabled={disabledReason !== null} title={disabledReason ?? undefined}>
      <Trash2 aria-hidden="true" /> <span className="sm:hidden lg:inline">Remove</span>
    </Button>
  );
  if (disabledReason) return button;
  return (
    <ConfirmDialog
      destructive
      trigger={button}
      title={admin.is_you ? "Remove yourself from the team?" : `Remove ${admin.email}?`}
      description={
        admin.is_you
          ? "Your account is deleted and you are signed out at once. The other admins keep managing this partner."
          : `${admin.email} loses access to this portal at once: their account is deleted and their sessions end. Invite them again to restore access.`
      }
      confirmLabel={admin.is_you ? "Remove me" : "Remove admin"}
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ id: admin.id });
          if (admin.is_you) {
            await signOut({ callbackUrl: "/login" });
            return;
          }
          toast.success(`Removed ${admin.email}`);
          await utils.team.list.invalidate();
        } catch (error) {
          toast.error((error as Error).message);
        }
      }}
    />
  );
}
