"use client";
// The inbox's two forms: a decision (approve or decline, one or many requests, with an optional
// note the member reads in the email) and a reply to an inquiry (sent by email). Each is one
// react-hook-form over the inbox procedures' zod schemas.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { FormDialogFooter } from "@/components/portal/form-dialog-footer";
import { TextAreaField } from "@/components/portal/form-fields";
import { inboxDecideInputSchema, inboxReplyInputSchema, type InboxItem } from "@/server/schemas/inbox.schema";
import { schemaResolver } from "@/components/portal/schema-resolver";

type NoteValues = { note: string };

export function DecisionDialog({
  open,
  onOpenChange,
  decision,
  count,
  subject,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  decision: "approved" | "declined";
  count: number;
  /** what is decided, e.g. "alice@example.com's request for Notion" */
  subject: string;
  onSubmit: (note: string) => Promise<string | null>;
}) {
  const form = useForm<NoteValues>({
    defaultValues: { note: "" },
    resolver: schemaResolver<NoteValues>(inboxDecideInputSchema.pick({ note: true }), (v) => ({ note: v.note }), () => "note"),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const verb = decision === "approved" ? "Approve" : "Decline";
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset({ note: "" });
          setProblem(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {verb} {count === 1 ? subject : `${count} requests`}?
          </DialogTitle>
          <DialogDescription>
            {decision === "approved"
              ? "Each person gets an email: for a deal, a link to it with its instructions now open to them; for a membership, a sign-in link to your deal app."
              : "Each member gets an email saying the request was declined, with your note. They can ask again later."}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            className="flex flex-col gap-4"
            onSubmit={form.handleSubmit(async (v) => {
              setProblem(await onSubmit(v.note.trim()));
            })}
          >
            <TextAreaField control={form.control} name="note" label={decision === "approved" ? "Note for the member (optional)" : "Why (optional, sent to the member)"} rows={3} maxLength={2000} />
            <FormDialogFooter
              problem={problem}
              pending={form.formState.isSubmitting}
              submitLabel={count === 1 ? verb : `${verb} ${count}`}
              submitVariant={decision === "declined" ? "destructive" : "default"}
            />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

type ReplyValues = { message: string };

/** Opened from the inbox page itself (not from a table cell): a cell's subtree is remounted when
 *  the list refetches, which would close the dialog while the admin types. */
export function ReplyDialog({ item, onOpenChange, onSubmit }: { item: InboxItem; onOpenChange: (open: boolean) => void; onSubmit: (message: string) => Promise<string | null> }) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ReplyValues>({
    defaultValues: { message: "" },
    resolver: schemaResolver<ReplyValues>(inboxReplyInputSchema.pick({ message: true }), (v) => ({ message: v.message }), () => "message"),
  });
  const setOpen = onOpenChange;
  return (
    <>
      <Dialog open onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Reply to {item.email}</DialogTitle>
            <DialogDescription>Sent by email from your programme. Their answer comes back to your support address.</DialogDescription>
          </DialogHeader>
          <blockquote className="max-h-40 overflow-y-auto border-l-2 pl-3 text-sm whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">{item.message}</blockquote>
          <Form {...form}>
            <form
              className="flex flex-col gap-4"
              onSubmit={form.handleSubmit(async (v) => {
                const error = await onSubmit(v.message.trim());
                setProblem(error);
                if (!error) setOpen(false);
              })}
            >
              <TextAreaField control={form.control} name="message" label="Your reply" rows={6} maxLength={2000} />
              <FormDialogFooter problem={problem} pending={form.formState.isSubmitting} pendingLabel="Sending…" submitLabel="Send reply" />
            </form>
          </Form>
        </DialogContent>
      </Dialog>
    </>
  );
}
