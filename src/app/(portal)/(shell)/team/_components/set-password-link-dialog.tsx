"use client";
// The one-time set-password link of an invited admin, shown once; it was also emailed (or, without
// an email server, kept in the Mailbox), and the dialog says which.
import { CopyButton } from "@/components/portal/copy-button";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogClose } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { usePortalSettings } from "@/components/portal/portal-settings";
import { linkAlsoEmailed } from "@/lib/email-words";

export function SetPasswordLinkDialog({ email, url, onClose }: { email: string; url: string | null; onClose: () => void }) {
  const { smtpConfigured } = usePortalSettings();
  return (
    <Dialog open={url !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set-password link for {email}</DialogTitle>
          <DialogDescription>
            {linkAlsoEmailed(smtpConfigured, email)} It lets them choose a password and sign in.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label htmlFor="set-password-link">Set-password link</Label>
          <Input id="set-password-link" readOnly value={url ?? ""} onFocus={(e) => e.currentTarget.select()} />
          <div className="flex justify-end">
            <CopyButton value={url ?? ""} label="Copy link" />
          </div>
        </div>
        <Alert variant="warning">
          <AlertDescription>This link is shown only once and works once. If it gets lost, create a new one from the team list.</AlertDescription>
        </Alert>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
