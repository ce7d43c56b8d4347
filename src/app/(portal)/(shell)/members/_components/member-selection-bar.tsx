"use client";
// The bar over the Members table while members are selected: sign-in emails, CSV export of the
// selection, delete (one confirmation that lists whom), clear.
import { Download, Mail, Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { saveFile } from "@/components/portal/save-file";
import { Button } from "@/components/ui/button";
import { EmailText } from "./member-identity";
import { membersCsv } from "./members-csv";
import type { MemberList } from "./use-member-list";

export function MemberSelectionBar({ state, env }: { state: MemberList; env: "live" | "sandbox" }) {
  const { selected, bulk } = state;
  return (
    <div role="region" aria-label="Selected members" className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
      <span className="font-medium">
        {selected.size} member{selected.size === 1 ? "" : "s"} selected
      </span>
      <Button
        size="sm"
        disabled={bulk.pending}
        onClick={async () => {
          if (await bulk.send([...selected.keys()])) state.clearSelection();
        }}
      >
        <Mail aria-hidden="true" /> {bulk.pending ? "Sending…" : "Send sign-in email"}
      </Button>
      <Button size="sm" variant="outline" onClick={() => saveFile(`${state.fileBase}-selected.csv`, membersCsv([...selected.values()]))}>
        <Download aria-hidden="true" /> Export selected (CSV)
      </Button>
      <ConfirmDialog
        destructive
        trigger={
          <Button size="sm" variant="outline">
            <Trash2 aria-hidden="true" /> Delete selected
          </Button>
        }
        title={`Delete ${selected.size} member${selected.size === 1 ? "" : "s"}?`}
        description={
          <>
            This erases {selected.size === 1 ? "this member and their" : `these ${selected.size} ${env} members and their`} personal data, and their sign-in links stop working. Their
            events stay counted anonymously in your analytics. This cannot be undone.
          </>
        }
        confirmLabel={`Delete ${selected.size} member${selected.size === 1 ? "" : "s"}`}
        onConfirm={state.deleteSelected}
      >
        <ul aria-label="Members to delete" className="max-h-40 overflow-y-auto rounded-md border px-3 py-2 text-sm">
          {[...selected.values()].slice(0, 50).map((m) => (
            <li key={m.id} className="break-words">
              <EmailText email={m.email} />
            </li>
          ))}
          {selected.size > 50 ? <li className="text-muted-foreground">and {selected.size - 50} more</li> : null}
        </ul>
      </ConfirmDialog>
      <Button size="sm" variant="ghost" onClick={state.clearSelection}>
        Clear selection
      </Button>
    </div>
  );
}
