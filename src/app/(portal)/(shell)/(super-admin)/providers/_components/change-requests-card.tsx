"use client";
// Providers' change requests waiting for a decision: each field they changed side by side (live deal
// | proposed), approve (the live deal changes through the catalogue editor's service) or reject,
// with a note the provider receives by email.
import { useState } from "react";
import { toast } from "sonner";
import { api, type RouterOutputs } from "@/trpc/react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { ErrorState } from "@/components/portal/error-state";
import { useDateFormat } from "@/components/portal/use-date-format";

type Request = RouterOutputs["providers"]["changeRequests"][number];

const show = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : typeof v === "string" ? v : JSON.stringify(v, null, 2));

export function ChangeRequestsCard() {
  const pending = api.providers.changeRequests.useQuery({ status: "pending" });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change requests</CardTitle>
        <CardDescription>Providers&rsquo; proposed edits. The live deal changes only when you approve.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {pending.isPending ? (
          <Skeleton className="h-24 w-full" role="status" aria-label="Loading change requests" />
        ) : pending.isError ? (
          <ErrorState error={pending.error} retry={() => void pending.refetch()} />
        ) : pending.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to review.</p>
        ) : (
          pending.data.map((r) => <ChangeRequestReview key={r.id} request={r} />)
        )}
      </CardContent>
    </Card>
  );
}

function ChangeRequestReview({ request }: { request: Request }) {
  const utils = api.useUtils();
  const { dateTime } = useDateFormat();
  const [note, setNote] = useState("");
  const decide = api.providers.decide.useMutation({
    onSuccess: (_, v) => {
      toast.success(v.decision === "approved" ? "Approved: the deal is updated" : "Rejected");
      void utils.providers.changeRequests.invalidate();
      void utils.providers.list.invalidate();
    },
    onError: (e) => toast.error(e.message),
  });
  const noteId = `note-${request.id}`;
  return (
    <article aria-label={`Change request for ${request.deal_name}`} className="space-y-3 rounded-md border p-4" data-testid="change-request">
      <p className="text-sm">
        <strong>{request.provider_name}</strong> proposes changes to <strong>{request.deal_name}</strong> ({dateTime(request.created_at)})
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="w-40 py-1 pr-3 font-medium">Field</th>
              <th className="py-1 pr-3 font-medium">Live</th>
              <th className="py-1 font-medium">Proposed</th>
            </tr>
          </thead>
          <tbody>
            {request.diff.map((d) => (
              <tr key={d.field} className="border-t align-top">
                <td className="py-2 pr-3 font-mono text-xs">{d.field}</td>
                <td className="py-2 pr-3 whitespace-pre-wrap text-muted-foreground line-through decoration-destructive/50">{show(d.before)}</td>
                <td className="py-2 whitespace-pre-wrap">{show(d.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="space-y-1">
        <Label htmlFor={noteId}>Note to the provider (optional)</Label>
        <Textarea id={noteId} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className="flex gap-2">
        <Button disabled={decide.isPending} onClick={() => decide.mutate({ id: request.id, decision: "approved", note })}>
          Approve
        </Button>
        <Button variant="outline" disabled={decide.isPending} onClick={() => decide.mutate({ id: request.id, decision: "rejected", note })}>
          Reject
        </Button>
      </div>
    </article>
  );
}
