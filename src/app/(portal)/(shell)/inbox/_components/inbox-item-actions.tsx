"use client";
// One inbox item's actions: approve or decline a new access request (through the decision dialog),
// reply to an inquiry (through the reply dialog) or close it.
import { Check, Mail, X, XCircle } from "lucide-react";
import { toast } from "sonner";
import { errorMessage } from "@/components/portal/error-state";
import { Button } from "@/components/ui/button";
import type { InboxItem } from "@/server/schemas/inbox.schema";
import { api } from "@/trpc/react";
import { what, type Pending } from "./inbox-labels";

type ItemActionsProps = { item: InboxItem; className: string; onDecide: (p: NonNullable<Pending>) => void; onReply: (i: InboxItem) => void; onChanged: () => Promise<void> };

export function ItemActions({ item: i, className, onDecide, onReply, onChanged }: ItemActionsProps) {
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
