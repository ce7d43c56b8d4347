"use client";
// "Copy sign-in link": a fresh single-use magic link (the one POST /v1/users returns), copied to the
// clipboard and shown in a dialog for when the clipboard is unavailable.
import { Link2 } from "lucide-react";
import { useState } from "react";
import { CopyButton } from "@/components/portal/copy-button";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { PortalMember } from "@/server/schemas/member-portal.schema";
import { api } from "@/trpc/react";

/** `showLabel`: the text beside the icon always (a card), else only on wide screens (the table). */
export function SignInLinkButton({ member, showLabel = false }: { member: PortalMember; showLabel?: boolean }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const issue = api.members.signInLink.useMutation();
  async function onClick() {
    setCopied(false);
    setOpen(true);
    try {
      const link = await issue.mutateAsync({ id: member.id });
      await navigator.clipboard.writeText(link.url).then(
        () => setCopied(true),
        () => setCopied(false),
      );
    } catch {
      /* shown in the dialog */
    }
  }
  return (
    <>
      <Button variant="ghost" size="sm" onClick={onClick} aria-label={`Copy sign-in link for ${member.email}`}>
        <Link2 aria-hidden="true" /> <span className={showLabel ? undefined : "hidden 2xl:inline"}>Sign-in link</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Sign-in link for {member.email}</DialogTitle>
            <DialogDescription>Single use, valid for 15 minutes. Anyone with the link signs in as this member: send it to them only.</DialogDescription>
          </DialogHeader>
          {issue.error ? (
            <Alert variant="destructive">
              <AlertDescription>{issue.error.message}</AlertDescription>
            </Alert>
          ) : issue.data ? (
            <div className="flex flex-col gap-2">
              <Label htmlFor="sign-in-link">Sign-in link</Label>
              <Input id="sign-in-link" readOnly value={issue.data.url} onFocus={(e) => e.currentTarget.select()} />
              <div className="flex items-center justify-between gap-2">
                <p className="text-sm text-muted-foreground" role="status">
                  {copied ? "Copied to the clipboard." : "Copy it with the button."}
                </p>
                <CopyButton value={issue.data.url} label="Copy link" />
              </div>
            </div>
          ) : (
            <p role="status" className="text-sm text-muted-foreground">
              Creating a link…
            </p>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
