"use client";
// The Members table (a card list on phones), paged by cursor, with its empty states. The columns
// keep their identity across refetches: what follows the query or the selection reaches the cells
// through the table's meta (data-table.tsx).
import type { ColumnDef } from "@tanstack/react-table";
import { Search, UserPlus } from "lucide-react";
import { useMemo } from "react";
import { cellMeta, DataTable } from "@/components/portal/data-table";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { formatDate, formatDateTime } from "@/lib/format-date";
import { labelOf, TIER_LABELS } from "@/server/domain/labels";
import type { PortalMember } from "@/server/schemas/member-portal.schema";
import { AddMemberButton, ImportCsvLink, MemberActions } from "./member-actions";
import { MemberIdentity } from "./member-identity";
import type { MemberList, Selection } from "./use-member-list";


type MembersMeta = { selected: Selection; allOnPage: boolean; pageMembers: PortalMember[] };

export function MembersTable({ state, environment, env, readOnly }: { state: MemberList; environment: "live" | "test"; env: "live" | "sandbox"; readOnly: boolean }) {
  const { list, cursors, setCursors, selected, allOnPage, pageMembers, toggle, togglePage } = state;
  const columns = useMemo<ColumnDef<PortalMember>[]>(
    () => [
      ...(readOnly
        ? []
        : [
            {
              id: "select",
              header: ({ table }) => {
                const { allOnPage, pageMembers } = cellMeta<MembersMeta>(table);
                return <Checkbox aria-label="Select every member on this page" checked={allOnPage} onCheckedChange={(on) => togglePage(pageMembers, on === true)} />;
              },
              cell: ({ row: { original: m }, table }) => (
                <Checkbox aria-label={`Select ${m.email}`} checked={cellMeta<MembersMeta>(table).selected.has(m.id)} onCheckedChange={(on) => toggle(m, on === true)} />
              ),
            } satisfies ColumnDef<PortalMember>,
          ]),
      {
        header: "Member",
        cell: ({ row: { original: m } }) => (
          <div className="min-w-48">
            <MemberIdentity member={m} />
          </div>
        ),
      },
      { header: "Tier", cell: ({ row }) => <Badge variant={row.original.tier === "premium" ? "default" : "secondary"}>{labelOf(TIER_LABELS, row.original.tier)}</Badge> },
      {
        header: "Signed in",
        cell: ({ row }) =>
          row.original.last_signed_in_at ? <span className="whitespace-nowrap">{formatDateTime(row.original.last_signed_in_at)}</span> : <span className="text-muted-foreground">Never</span>,
      },
      { header: "Created", cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at)}</span> },
      {
        header: () => <span className="sr-only">Actions</span>,
        id: "actions",
        cell: ({ row: { original: m } }) => (readOnly ? null : <MemberActions member={m} environment={environment} className="flex justify-end gap-1" />),
      },
    ],
    [environment, readOnly, toggle, togglePage],
  );

  // Phones: the same member, data and actions as a row, as a card.
  const card = (m: PortalMember) => (
    <article aria-label={m.email} className="rounded-xl border bg-card p-3">
      <div className="flex items-start gap-3">
        {readOnly ? null : <Checkbox className="mt-1" aria-label={`Select ${m.email}`} checked={selected.has(m.id)} onCheckedChange={(on) => toggle(m, on === true)} />}
        <div className="min-w-0 flex-1">
          <MemberIdentity member={m} />
          <dl className="mt-2 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Tier</dt>
            <dd>
              <Badge variant={m.tier === "premium" ? "default" : "secondary"}>{labelOf(TIER_LABELS, m.tier)}</Badge>
            </dd>
            <dt className="text-muted-foreground">Signed in</dt>
            <dd>{m.last_signed_in_at ? formatDateTime(m.last_signed_in_at) : "Never"}</dd>
            <dt className="text-muted-foreground">Created</dt>
            <dd>{formatDate(m.created_at)}</dd>
          </dl>
        </div>
      </div>
      {readOnly ? null : <MemberActions member={m} environment={environment} labels className="mt-2 -ml-2 flex flex-wrap gap-1" />}
    </article>
  );

  if (list.error) return <ErrorState error={list.error} retry={() => list.refetch()} title="Members could not be loaded" />;
  return (
    <DataTable
      caption={`${env === "sandbox" ? "Sandbox" : "Live"} members`}
      columns={columns}
      data={list.data?.data}
      isLoading={list.isLoading}
      getRowId={(m) => m.id}
      meta={{ selected, allOnPage, pageMembers } satisfies MembersMeta}
      card={card}
      page={cursors.length}
      hasMore={list.data?.has_more}
      onNextPage={() => list.data?.next_cursor && setCursors((c) => [...c, list.data!.next_cursor!])}
      onPreviousPage={() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c))}
      emptyState={
        state.filtered ? (
          <EmptyState icon={Search} title="No members match" description="Change the search or the filters, or clear them to see every member." />
        ) : (
          <EmptyState
            icon={UserPlus}
            title={`No ${env} members yet`}
            description={`Add one here, import a CSV file, or create them from your backend through the API with your ${env} keys.`}
            action={
              readOnly ? null : (
                <>
                  <AddMemberButton environment={environment} />
                  <ImportCsvLink />
                </>
              )
            }
          />
        )
      }
    />
  );
}
