"use client";
// The directory tokens of the environment, newest first (revoked ones too): name and visible
// prefix, created (when, by whom), last used, and Revoke with a confirmation that names the token
// and says its directory stops syncing. A card per token on phones (DataTable's `card`).
import type { ColumnDef } from "@tanstack/react-table";
import { KeyRound } from "lucide-react";
import { useMemo } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { DataTable } from "@/components/portal/data-table";
import { EmptyState } from "@/components/portal/empty-state";
import { errorMessage } from "@/components/portal/error-state";
import { useDateFormat } from "@/components/portal/use-date-format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { DirectoryTokenDto } from "@/server/schemas/directory-sync.schema";
import { api } from "@/trpc/react";
import { envWord } from "./directory-sync-words";

export function DirectoryTokensTable({ tokens, environment, readOnly }: { tokens: DirectoryTokenDto[]; environment: "live" | "test"; readOnly: boolean }) {
  const columns = useMemo<ColumnDef<DirectoryTokenDto>[]>(
    () => [
      { header: "Token", cell: ({ row }) => <TokenName token={row.original} /> },
      { header: "Created", cell: ({ row }) => <Created token={row.original} /> },
      { header: "Last used", cell: ({ row }) => <LastUsed token={row.original} /> },
      { header: "Status", cell: ({ row }) => <TokenStatus token={row.original} /> },
      {
        id: "actions",
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (readOnly || row.original.revoked_at ? null : <div className="flex justify-end"><RevokeToken token={row.original} /></div>),
      },
    ],
    [readOnly],
  );

  const card = (t: DirectoryTokenDto) => (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-sm">
      <TokenName token={t} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        <dt className="text-muted-foreground">Status</dt>
        <dd className="min-w-0">
          <TokenStatus token={t} />
        </dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd className="min-w-0">
          <Created token={t} />
        </dd>
        <dt className="text-muted-foreground">Last used</dt>
        <dd>
          <LastUsed token={t} />
        </dd>
      </dl>
      {readOnly || t.revoked_at ? null : (
        <div>
          <RevokeToken token={t} />
        </div>
      )}
    </div>
  );

  const env = envWord(environment);
  return (
    <DataTable
      caption={`Directory tokens (${env})`}
      columns={columns}
      card={card}
      data={tokens}
      getRowId={(t) => t.id}
      emptyState={
        <EmptyState
          icon={KeyRound}
          title={`No ${env} directory tokens yet`}
          description={`Create a token, then give your directory the base URL and the token. Switch to ${env === "live" ? "Sandbox" : "Live"} for the other environment's tokens.`}
        />
      }
    />
  );
}

function TokenName({ token: t }: { token: DirectoryTokenDto }) {
  return (
    <div className="min-w-40">
      <div className="font-medium [overflow-wrap:anywhere]">{t.name}</div>
      <code className="font-mono text-xs text-muted-foreground">{t.token_prefix}…</code>
    </div>
  );
}

function Created({ token: t }: { token: DirectoryTokenDto }) {
  const { dateTime } = useDateFormat();
  return (
    <div>
      <time dateTime={t.created_at} className="whitespace-nowrap">
        {dateTime(t.created_at)}
      </time>
      {t.created_by_email ? <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">by {t.created_by_email}</div> : null}
    </div>
  );
}

function LastUsed({ token: t }: { token: DirectoryTokenDto }) {
  const { dateTime } = useDateFormat();
  return t.last_used_at ? (
    <time dateTime={t.last_used_at} className="whitespace-nowrap">
      {dateTime(t.last_used_at)}
    </time>
  ) : (
    <span className="text-muted-foreground">Never</span>
  );
}

function TokenStatus({ token: t }: { token: DirectoryTokenDto }) {
  const { dateTime } = useDateFormat();
  return t.revoked_at ? (
    <Badge variant="secondary" className="h-auto shrink whitespace-normal">
      Revoked {dateTime(t.revoked_at)}
    </Badge>
  ) : (
    <Badge variant="outline">Active</Badge>
  );
}

function RevokeToken({ token: t }: { token: DirectoryTokenDto }) {
  const utils = api.useUtils();
  const revoke = api.directorySync.revokeToken.useMutation();
  async function confirm() {
    try {
      await revoke.mutateAsync({ id: t.id });
      toast.success(`“${t.name}” is revoked: your directory can no longer sync with it`);
    } catch (error) {
      toast.error(`“${t.name}” was not revoked: ${errorMessage(error)}`);
    } finally {
      await utils.directorySync.overview.invalidate();
    }
  }
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" className="text-destructive" aria-label={`Revoke ${t.name}`}>
          Revoke
        </Button>
      }
      title={`Revoke “${t.name}”?`}
      description="Your directory stops syncing with this token at once: its next request is refused, so members are no longer created, updated or deactivated through it until you give the directory a new token. Members it already synced stay as they are. This cannot be undone."
      confirmLabel="Revoke token"
      destructive
      onConfirm={confirm}
    />
  );
}
