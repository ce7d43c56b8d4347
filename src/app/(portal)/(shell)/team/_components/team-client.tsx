"use client";
// The admins table with invite, renew-link and remove actions.
import type { ColumnDef, Table } from "@tanstack/react-table";
import { KeyRound, Trash2, UserPlus, Users } from "lucide-react";
import { signOut } from "next-auth/react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { cellMeta, DataTable } from "@/components/portal/data-table";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { TeamAdmin } from "@/server/schemas/team.schema";
import { api } from "@/trpc/react";
import { InviteAdminDialog } from "./invite-admin-dialog";
import { SetPasswordLinkDialog } from "./set-password-link-dialog";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

// Follows the list: kept out of the columns so a refetch does not remount the cells (data-table.tsx).
type TeamMeta = { onlyOne: boolean };
const onlyOne = (table: Table<TeamAdmin>) => cellMeta<TeamMeta>(table).onlyOne;

export function TeamClient({ readOnly }: { readOnly: boolean }) {
  const list = api.team.list.useQuery();
  const admins = list.data;
  const onlyOneAdmin = (admins?.length ?? 0) <= 1;

  const columns = useMemo<ColumnDef<TeamAdmin>[]>(
    () => [
      {
        header: "Admin",
        cell: ({ row: { original: a }, table }) => (
          <div className="min-w-48">
            <div className="font-medium [overflow-wrap:anywhere]">
              {a.name ?? a.email} {a.is_you ? <Badge variant="outline">You</Badge> : null}
            </div>
            {a.name ? <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{a.email}</div> : null}
            {/* Phones: the actions sit under the name instead of off-screen to the right. */}
            {readOnly ? null : <AdminActions admin={a} onlyOne={onlyOne(table)} className="mt-1 -ml-2 flex sm:hidden" />}
          </div>
        ),
      },
      {
        header: "Status",
        cell: ({ row }) => (row.original.password_set ? <Badge variant="secondary">Active</Badge> : <Badge variant="warning">Invited</Badge>),
      },
      {
        header: "Last sign-in",
        cell: ({ row }) =>
          row.original.last_sign_in_at ? <span className="whitespace-nowrap">{dateFormat.format(new Date(row.original.last_sign_in_at))} UTC</span> : <span className="text-muted-foreground">Never</span>,
      },
      {
        id: "actions",
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row: { original: a }, table }) => (readOnly ? null : <AdminActions admin={a} onlyOne={onlyOne(table)} className="hidden justify-end gap-1 sm:flex" />),
      },
    ],
    [readOnly],
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
          data={admins}
          isLoading={list.isLoading}
          getRowId={(a) => a.id}
          meta={{ onlyOne: onlyOneAdmin } satisfies TeamMeta}
          emptyState={<EmptyState icon={Users} title="No admins" description="Invite an admin to give someone access to this portal." />}
        />
      )}
      {onlyOneAdmin && admins ? <p className="text-sm text-muted-foreground">A partner always keeps at least one admin: invite a second one before removing the first.</p> : null}
    </section>
  );
}

function AdminActions({ admin: a, onlyOne, className }: { admin: TeamAdmin; onlyOne: boolean; className: string }) {
  return (
    <div className={className}>
      {!a.password_set ? <RenewLinkButton admin={a} /> : null}
      <RemoveAdminButton admin={a} disabledReason={onlyOne ? "The only admin cannot be removed: invite another admin first." : null} />
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
