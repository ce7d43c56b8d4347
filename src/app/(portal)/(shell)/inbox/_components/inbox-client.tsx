"use client";
// The inbox: access requests and inquiries together. Filters and search go to the server
// (inbox.list, use-inbox-list.ts), pages by cursor (inbox-table.tsx); new access requests can be
// selected for a bulk decision with a note; inquiries are answered by email or closed (the dialogs:
// inbox-forms.tsx); "Export CSV" downloads every item of the filter.
import { Check, Download, XCircle } from "lucide-react";
import { PageHeader } from "@/components/portal/page-header";
import { Button } from "@/components/ui/button";
import { InboxFilters } from "./inbox-filters";
import { DecisionDialog, ReplyDialog } from "./inbox-forms";
import { InboxTable } from "./inbox-table";
import { useInboxList } from "./use-inbox-list";

export function InboxClient({ environment, readOnly, initialKind, initialStatus }: { environment: "live" | "test"; readOnly: boolean; initialKind: string | null; initialStatus: string | null }) {
  const env = environment === "test" ? "sandbox" : "live";
  const state = useInboxList({ env, initialKind, initialStatus });
  const { selectedItems, setPending, pending, replying } = state;
  return (
    <>
      <PageHeader
        title="Inbox"
        description={`Access requests and inquiries from your ${env} members. Approve or decline requests, answer questions by email.`}
        actions={
          <Button variant="outline" onClick={state.exportCsv} disabled={state.exporting}>
            <Download aria-hidden="true" /> {state.exporting ? "Exporting…" : "Export CSV"}
          </Button>
        }
      />
      <InboxFilters state={state} />
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
      <InboxTable state={state} env={env} readOnly={readOnly} />
      {replying?.email ? <ReplyDialog key={replying.id} item={replying} onOpenChange={(o) => !o && state.setReplying(null)} onSubmit={(message) => state.sendReply(replying, message)} /> : null}
      {pending ? (
        <DecisionDialog open onOpenChange={(o) => !o && setPending(null)} decision={pending.decision} count={pending.ids.length} subject={pending.subject} onSubmit={state.decide} />
      ) : null}
    </>
  );
}
