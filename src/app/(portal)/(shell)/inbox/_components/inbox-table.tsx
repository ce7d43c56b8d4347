"use client";
// The inbox table: access requests and inquiries together, newest first, paged by cursor; new
// access requests can be selected for a bulk decision.
import type { ColumnDef } from "@tanstack/react-table";
import { Inbox as InboxIcon, Search } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";
import { DataTable } from "@/components/portal/data-table";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { Badge } from "@/components/ui/badge";
import { useDateFormat } from "@/components/portal/use-date-format";
import { Checkbox } from "@/components/ui/checkbox";
import type { InboxItem } from "@/server/schemas/inbox.schema";
import { ItemActions } from "./inbox-item-actions";
import { STATUS_LABEL, STATUS_VARIANT, what } from "./inbox-labels";
import type { InboxList } from "./use-inbox-list";


export function InboxTable({ state, env, readOnly }: { state: InboxList; env: "live" | "sandbox"; readOnly: boolean }) {
  const { list, cursors, setCursors, selected, setSelected, decidable, selectedItems, setPending, setReplying, refresh } = state;
  const { dateTime } = useDateFormat();
  const columns = useMemo<ColumnDef<InboxItem>[]>(() => {
    const toggle = (id: string, on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    const cols: ColumnDef<InboxItem>[] = [];
    if (!readOnly) {
      cols.push({
        id: "select",
        header: () =>
          decidable.length ? (
            <Checkbox
              aria-label="Select every new access request on this page"
              checked={selectedItems.length === decidable.length ? true : selectedItems.length ? "indeterminate" : false}
              onCheckedChange={(on) => setSelected(on === true ? new Set(decidable.map((i) => i.id)) : new Set())}
            />
          ) : null,
        cell: ({ row: { original: i } }) =>
          i.kind === "access_request" && i.status === "new" ? (
            <Checkbox aria-label={`Select ${i.email}'s request (${what(i)})`} checked={selected.has(i.id)} onCheckedChange={(on) => toggle(i.id, on === true)} />
          ) : null,
      });
    }
    cols.push(
      {
        header: "Request",
        cell: ({ row: { original: i } }) => (
          <div className="flex min-w-0 flex-col gap-1 sm:min-w-72">
            <span className="font-medium [overflow-wrap:anywhere]">{what(i)}</span>
            {/* Phones: the status here (issue 44: the Status column's badges were cut at 375 px). */}
            <Badge variant={STATUS_VARIANT[i.status]} className="sm:hidden">
              {STATUS_LABEL[i.status]}
            </Badge>
            <span className="text-sm [overflow-wrap:anywhere]">
              {i.email ? (
                i.member_id ? (
                  <Link href={`/members/${i.member_id}`} className="underline-offset-2 hover:underline">
                    {i.email}
                  </Link>
                ) : (
                  i.email
                )
              ) : (
                <span className="text-muted-foreground">Deleted member</span>
              )}
              {i.company || i.role ? <span className="text-muted-foreground"> · {[i.company, i.role].filter(Boolean).join(", ")}</span> : null}
            </span>
            {i.message ? <p className="line-clamp-3 text-sm whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">“{i.message}”</p> : null}
            {i.response ? (
              <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">
                <span className="font-medium">{i.kind === "inquiry" ? "Your reply: " : "Note: "}</span>
                <span className="line-clamp-2">{i.response}</span>
              </p>
            ) : null}
            <span className="text-xs text-muted-foreground sm:hidden">{dateTime(i.created_at)}</span>
            {readOnly ? null : <ItemActions item={i} className="mt-1 -ml-2 flex flex-wrap gap-1 sm:hidden" onDecide={setPending} onReply={setReplying} onChanged={refresh} />}
          </div>
        ),
      },
      {
        id: "status",
        header: () => <span className="hidden sm:inline">Status</span>,
        cell: ({ row: { original: i } }) => (
          <Badge variant={STATUS_VARIANT[i.status]} className="hidden sm:inline-flex">
            {STATUS_LABEL[i.status]}
          </Badge>
        ),
      },
      {
        id: "received",
        header: () => <span className="hidden sm:inline">Received</span>,
        cell: ({ row: { original: i } }) => <span className="hidden whitespace-nowrap sm:inline">{dateTime(i.created_at)}</span>,
      },
      {
        id: "actions",
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row: { original: i } }) => (readOnly ? null : <ItemActions item={i} className="hidden justify-end gap-1 sm:flex" onDecide={setPending} onReply={setReplying} onChanged={refresh} />),
      },
    );
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers read the latest state through setters
  }, [readOnly, decidable, selected, selectedItems.length, dateTime]);

  if (list.error) return <ErrorState error={list.error} retry={() => list.refetch()} title="The inbox could not be loaded" />;
  return (
    <DataTable
      caption={`${env === "sandbox" ? "Sandbox" : "Live"} inbox, newest first`}
      columns={columns}
      data={list.data?.data}
      isLoading={list.isLoading}
      getRowId={(i) => i.id}
      page={cursors.length}
      hasMore={list.data?.has_more}
      onNextPage={() => {
        if (list.data?.next_cursor) setCursors((c) => [...c, list.data!.next_cursor!]);
        setSelected(new Set());
      }}
      onPreviousPage={() => {
        setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c));
        setSelected(new Set());
      }}
      emptyState={
        state.filtered ? (
          <EmptyState icon={Search} title="Nothing matches" description="Change the search or the filters, or clear them to see the whole inbox." />
        ) : (
          <EmptyState
            icon={InboxIcon}
            title="Your inbox is empty"
            description="When a member asks for a deal that needs your approval, or sends a question about a deal, it lands here. You can also decide requests from your backend through the API."
          />
        )
      }
    />
  );
}
