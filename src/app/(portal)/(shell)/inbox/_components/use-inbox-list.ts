"use client";
// The inbox page's state: search and filters (sent to inbox.list), the cursor stack, the selection
// of new access requests, the decision and reply waiting for their dialogs, and the CSV export of
// every item of the filter.
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/components/portal/error-state";
import { useDebounced } from "@/components/portal/use-debounced";
import { INBOX_KINDS, INBOX_STATUSES, type InboxItem, type InboxKind, type InboxListInput, type InboxStatus } from "@/server/schemas/inbox.schema";
import { api } from "@/trpc/react";
import { downloadCsv } from "../../analytics/_components/download-csv";
import type { Pending } from "./inbox-labels";

export const ALL = "all";

const oneOf = <T extends string>(xs: readonly T[], v: string | null): T | typeof ALL => (v && (xs as readonly string[]).includes(v) ? (v as T) : ALL);

export function useInboxList({ env, initialKind, initialStatus }: { env: "live" | "sandbox"; initialKind: string | null; initialStatus: string | null }) {
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

  async function sendReply(item: InboxItem, message: string): Promise<string | null> {
    try {
      await reply.mutateAsync({ id: item.id, message });
      toast.success(`Reply sent to ${item.email}`);
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

  return {
    search,
    setSearch,
    kind,
    setKind,
    status,
    setStatus,
    filtered,
    reset,
    list,
    cursors,
    setCursors,
    selected,
    setSelected,
    decidable,
    selectedItems,
    pending,
    setPending,
    decide,
    replying,
    setReplying,
    sendReply,
    refresh,
    exporting,
    exportCsv,
  };
}

export type InboxList = ReturnType<typeof useInboxList>;
