"use client";
// The end of a form in a dialog: the problem no field shows (a server refusal), Cancel, and submit.
import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";

/**
 * Goes last inside the dialog's `<form>`. Cancel closes the dialog through its own `onOpenChange`
 * (as the dialog's close button does); `cancel={false}` leaves it out. Submit is disabled and shows
 * `pendingLabel` while `pending`.
 */
export function FormDialogFooter({
  problem,
  problemTitle,
  cancel = true,
  submitLabel,
  pendingLabel = "Saving…",
  pending,
  submitVariant = "default",
}: {
  problem?: ReactNode;
  problemTitle?: string;
  cancel?: boolean;
  submitLabel: ReactNode;
  pendingLabel?: string;
  pending: boolean;
  submitVariant?: "default" | "destructive";
}) {
  return (
    <>
      {problem ? (
        <Alert variant="destructive">
          {problemTitle ? <AlertTitle>{problemTitle}</AlertTitle> : null}
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        {cancel ? (
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
        ) : null}
        <Button type="submit" variant={submitVariant} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
