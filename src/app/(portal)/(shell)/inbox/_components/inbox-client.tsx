"use client";
// The inbox table: access requests and inquiries together. Filters and search go to the server
// (inbox.list), pages by cursor; new access requests can be selected for a bulk decision with a note;
// inquiries are answered by email or closed; "Export CSV" downloads every item of the filter.
import type { ColumnDef } from "@tanstack/react-table";
import { Check, Download, Inbox as InboxIcon, Mail, Search, X, XCircle } from "lucide-react";
import Link from "next/link";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { DataTable } from "@/components/portal/data-table";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState, errorMessage } from "@/components/portal/error-state";
import { FilterSelect } from "@/components/portal/filter-select";
import { PageHeader } from "@/components/portal/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { INBOX_KINDS, INBOX_STATUSES, type InboxItem, type InboxKind, type InboxListInput, type InboxStatus } from "@/server/schemas/inbox.schema";
import { api } from "@/trpc/react";
import { useDebounced } from "@/components/portal/use-debounced";
import { downloadCsv } from "../../analytics/_components/download-csv";
import { DecisionDialog, ReplyDialog } from "./inbox-forms";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const ALL = "all";

const STATUS_LABEL: Record<InboxStatus, string> = { new: "New", approved: "Approved", declined: "Declined", withdrawn: "Withdrawn", replied: "Replied", closed: "Closed" };
const STATUS_VARIANT: Record<InboxStatus, "default" | "secondary" | "success" | "destructive" | "outline"> = {
  new: "default",
  approved: "success",
  declined: "destructive",
  withdrawn: "outline",
  replied: "success",
  closed: "secondary",
};

const oneOf = <T extends string>(xs: readonly T[], v: string | null): T | typeof ALL => (v && (xs as readonly string[]).includes(v) ? (v as T) : ALL);

function what(item: InboxItem): string {
  if (item.kind === "inquiry") return `Inquiry about ${item.deal_name ?? "a deal"}`;
  return item.request_type === "membership" ? "Membership request" : `Access to ${item.deal_name ?? "a deal"}`;
}

type Pending = { decision: "approved" | "declined"; ids: string[]; subject: string } | null;

export function InboxClient({ environment, readOnly, initialKind, initialStatus }: { environment: "live" | "test"; readOnly: boolean; initialKind: string | null; initialStatus: string | null }) {
  const env = environment === "test" ? "sandbox" : "live";
  const utils = api.useUtils();
  const [search, setSearch] = useState("");
  const [kind, setKind] = useState<string>(oneOf(INBOX_KINDS, initialKind));
  const [status, setStatus] = useState<string>(oneOf(INBOX_STATUSES, initialStatus));
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<Pending>(null);
  const [replying, setReplying] = useState<InboxItem | null>(null);
  const reply = api.inbox.reply.useMutation();
  const [exporting, setExporting] = useState(false);
  const q = useDebounced(search.trim(), 250);
  const filter = {
    ...(q ? { search: q } : {}),
    ...(kind !== ALL ? { kind: kind as InboxKind } : {}),
    ...(status !== ALL ? { status: status as InboxStatus } : {}),
  };
  const input: InboxListInput = { limit: 25, cursor: cursors[cursors.length - 1], ...filter };
  const list = api.inbox.list.useQuery(input, { placeholderData: (prev) => prev });
  const decideMany = api.inbox.decideMany.useMutation();
  const filtered = Boolean(q) || kind !== ALL || status !== ALL;
  const reset = () => {
    setCursors([null]);
    setSelected(new Set());
  };
  const refresh = async () => {
    setSelected(new Set());
    await Promise.all([utils.inbox.list.invalidate(), utils.inbox.counts.invalidate()]);
  };

  const decidable = useMemo(() => (list.data?.data ?? []).filter((i) => i.kind === "access_request" && i.status === "new"), [list.data]);
  const selectedItems = decidable.filter((i) => selected.has(i.id));

  async function decide(note: string): Promise<string | null> {
    if (!pending) return null;
    try {
      const { results } = await decideMany.mutateAsync({ ids: pending.ids, decision: pending.decision, ...(note ? { note } : {}) });
      const failed = results.filter((r) => !r.ok);
      const done = results.length - failed.length;
      const verb = pending.decision === "approved" ? "Approved" : "Declined";
      if (done) toast.success(`${verb} ${done === 1 ? pending.subject : `${done} requests`}`);
      if (failed.length) toast.error(`${failed.length} ${failed.length === 1 ? "request was" : "requests were"} already decided by someone else or withdrawn.`);
      setPending(null);
      await refresh();
      return null;
    } catch (error) {
      return errorMessage(error);
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const { data, truncated } = await utils.inbox.export.fetch(filter, { staleTime: 0 });
      const rows = data.map((i) => ({
        received_at: i.created_at,
        kind: i.kind,
        type: i.kind === "inquiry" ? "inquiry" : (i.request_type ?? ""),
        status: i.status,
        email: i.email,
        deal: i.deal_name,
        message: i.message,
        company: i.company,
        role: i.role,
        response: i.response,
        responded_at: i.responded_at,
        id: i.id,
      }));
      downloadCsv(`inbox-${env}-${new Date().toISOString().slice(0, 10)}.csv`, rows, ["received_at", "kind", "type", "status", "email", "deal", "message", "company", "role", "response", "responded_at", "id"]);
      if (truncated) toast.warning(`Exported the newest ${data.length.toLocaleString("en")} items. Narrow the filters to export the rest.`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  }

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
          <div className="flex min-w-52 flex-col gap-1 sm:min-w-72">
            <span className="font-medium [overflow-wrap:anywhere]">{what(i)}</span>
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
            <span className="text-xs text-muted-foreground sm:hidden">{dateFormat.format(new Date(i.created_at))} UTC</span>
            {readOnly ? null : <ItemActions item={i} className="mt-1 -ml-2 flex flex-wrap gap-1 sm:hidden" onDecide={setPending} onReply={setReplying} onChanged={refresh} />}
          </div>
        ),
      },
      { header: "Status", cell: ({ row: { original: i } }) => <Badge variant={STATUS_VARIANT[i.status]}>{STATUS_LABEL[i.status]}</Badge> },
      {
        id: "received",
        header: () => <span className="hidden sm:inline">Received</span>,
        cell: ({ row: { original: i } }) => <span className="hidden whitespace-nowrap sm:inline">{dateFormat.format(new Date(i.created_at))} UTC</span>,
      },
      {
        id: "actions",
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row: { original: i } }) => (readOnly ? null : <ItemActions item={i} className="hidden justify-end gap-1 sm:flex" onDecide={setPending} onReply={setReplying} onChanged={refresh} />),
      },
    );
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers read the latest state through setters
  }, [readOnly, decidable, selected, selectedItems.length]);

  return (
    <>
      <PageHeader
        title="Inbox"
        description={`Access requests and inquiries from your ${env} members. Approve or decline requests, answer questions by email.`}
        actions={
          <Button variant="outline" onClick={exportCsv} disabled={exporting}>
            <Download aria-hidden="true" /> {exporting ? "Exporting…" : "Export CSV"}
          </Button>
        }
      />
      <section aria-label="Search and filters" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex w-full flex-col gap-1.5 sm:w-64">
          <Label htmlFor="inbox-search">Search</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              id="inbox-search"
              type="search"
              className="pl-8"
              placeholder="Email, deal or message"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                reset();
              }}
            />
          </div>
        </div>
        <FilterSelect
          id="inbox-kind"
          label="Type"
          value={kind}
          onChange={(v) => {
            setKind(v);
            reset();
          }}
          options={[
            { value: ALL, label: "All" },
            { value: "access_request", label: "Access requests" },
            { value: "inquiry", label: "Inquiries" },
          ]}
        />
        <FilterSelect
          id="inbox-status"
          label="Status"
          value={status}
          onChange={(v) => {
            setStatus(v);
            reset();
          }}
          options={[{ value: ALL, label: "All" }, ...INBOX_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))]}
        />
        {filtered ? (
          <Button
            variant="ghost"
            onClick={() => {
              setSearch("");
              setKind(ALL);
              setStatus(ALL);
              reset();
            }}
          >
            <X aria-hidden="true" /> Clear filters
          </Button>
        ) : null}
      </section>
      {selectedItems.length && !readOnly ? (
        <div role="region" aria-label="Bulk decision" className="sticky top-16 z-20 mb-3 flex flex-wrap items-center gap-2 rounded-lg border bg-card px-3 py-2 shadow-sm">
          <span className="flex-1 text-sm font-medium">
            {selectedItems.length} {selectedItems.length === 1 ? "request" : "requests"} selected
          </span>
          <Button size="sm" onClick={() => setPending({ decision: "approved", ids: selectedItems.map((i) => i.id), subject: `${selectedItems[0].email}'s request` })}>
            <Check aria-hidden="true" /> Approve selected
          </Button>
          <Button size="sm" variant="outline" onClick={() => setPending({ decision: "declined", ids: selectedItems.map((i) => i.id), subject: `${selectedItems[0].email}'s request` })}>
            <XCircle aria-hidden="true" /> Decline selected
          </Button>
        </div>
      ) : null}
      {list.error ? (
        <ErrorState error={list.error} retry={() => list.refetch()} title="The inbox could not be loaded" />
      ) : (
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
            filtered ? (
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
      )}
      {replying?.email ? (
        <ReplyDialog
          key={replying.id}
          item={replying}
          onOpenChange={(o) => !o && setReplying(null)}
          onSubmit={async (message) => {
            try {
              await reply.mutateAsync({ id: replying.id, message });
              toast.success(`Reply sent to ${replying.email}`);
              await refresh();
              return null;
            } catch (error) {
              return errorMessage(error);
            }
          }}
        />
      ) : null}
      {pending ? (
        <DecisionDialog open onOpenChange={(o) => !o && setPending(null)} decision={pending.decision} count={pending.ids.length} subject={pending.subject} onSubmit={decide} />
      ) : null}
    </>
  );
}

type ItemActionsProps = { item: InboxItem; className: string; onDecide: (p: NonNullable<Pending>) => void; onReply: (i: InboxItem) => void; onChanged: () => Promise<void> };

function ItemActions({ item: i, className, onDecide, onReply, onChanged }: ItemActionsProps) {
  const close = api.inbox.close.useMutation();
  if (i.kind === "access_request") {
    if (i.status !== "new") return null;
    return (
      <div className={className}>
        <Button variant="ghost" size="sm" aria-label={`Approve ${i.email}'s request (${what(i)})`} onClick={() => onDecide({ decision: "approved", ids: [i.id], subject: `${i.email}'s request` })}>
          <Check aria-hidden="true" /> Approve
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Decline ${i.email}'s request (${what(i)})`} onClick={() => onDecide({ decision: "declined", ids: [i.id], subject: `${i.email}'s request` })}>
          <XCircle aria-hidden="true" /> Decline
        </Button>
      </div>
    );
  }
  return (
    <div className={className}>
      {i.email ? (
        <Button variant="ghost" size="sm" aria-label={`Reply to ${i.email}`} onClick={() => onReply(i)}>
          <Mail aria-hidden="true" /> {i.status === "replied" ? "Reply again" : "Reply"}
        </Button>
      ) : null}
      {i.status !== "closed" ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Close the inquiry from ${i.email ?? "a deleted member"}`}
          onClick={async () => {
            try {
              await close.mutateAsync({ ids: [i.id] });
              toast.success("Inquiry closed");
              await onChanged();
            } catch (error) {
              toast.error(errorMessage(error));
            }
          }}
        >
          <X aria-hidden="true" /> Close
        </Button>
      ) : null}
    </div>
  );
}
