"use client";
// "View payload": the JSON body of one delivery's event, fetched when the dialog opens, with a copy
// button (what a receiver gets, to replay or compare with what it logged).
import { useState } from "react";
import { FileJson } from "lucide-react";
import { api } from "@/trpc/react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { CopyButton } from "@/components/portal/copy-button";
import { ErrorState } from "@/components/portal/error-state";

export function PayloadDialog({ deliveryId, eventType, eventId }: { deliveryId: string; eventType: string; eventId: string }) {
  const [open, setOpen] = useState(false);
  const payload = api.webhooks.deliveryPayload.useQuery({ id: deliveryId }, { enabled: open, staleTime: Infinity });
  const text = payload.data ? pretty(payload.data.body) : "";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`View payload of ${eventType} event ${eventId}`}>
          <FileJson aria-hidden /> Payload
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Payload of {eventType}</DialogTitle>
          <DialogDescription className="break-all">
            The JSON body sent for event <span className="font-mono">{eventId}</span>, signed with the endpoint&rsquo;s secret.
          </DialogDescription>
        </DialogHeader>
        {payload.isPending ? (
          <Skeleton className="h-48 w-full" aria-label="Loading payload" />
        ) : payload.isError ? (
          <ErrorState error={payload.error} retry={() => void payload.refetch()} />
        ) : (
          <div className="grid min-w-0 gap-2">
            <pre className="max-h-[60vh] overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="webhook-payload" tabIndex={0} aria-label="Payload JSON">
              {text}
            </pre>
            <div>
              <CopyButton value={text} label="Copy payload" />
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The body indented for reading (the receiver gets it compact); as sent if it is not JSON. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
