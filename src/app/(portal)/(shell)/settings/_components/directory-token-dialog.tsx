"use client";
// A new directory token, shown here once with the base URL beside it (the two things a directory
// needs). Escape, a click outside and a close icon would lose the only copy: only the confirming
// button closes it, as for a new API key (api-keys/_components/new-key-dialog.tsx).
import { AlertTriangle } from "lucide-react";
import { CopyButton } from "@/components/portal/copy-button";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { DirectoryTokenCreatedDto } from "@/server/schemas/directory-sync.schema";
import { envWord } from "./directory-sync-words";

export function DirectoryTokenDialog({ created, baseUrl, onClose }: { created: DirectoryTokenCreatedDto | null; baseUrl: string; onClose: () => void }) {
  const env = created ? envWord(created.directory_token.environment) : "";
  return (
    <Dialog open={created !== null}>
      <DialogContent showCloseButton={false} onInteractOutside={(e) => e.preventDefault()} onEscapeKeyDown={(e) => e.preventDefault()} className="max-h-[90vh] overflow-y-auto">
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>New {env} directory token</DialogTitle>
              <DialogDescription className="[overflow-wrap:anywhere]">
                “{created.directory_token.name}” writes {env} members. Give your directory the base URL and this token.
              </DialogDescription>
            </DialogHeader>
            <Alert variant="warning">
              <AlertTriangle aria-hidden="true" />
              <AlertTitle>Copy the token now</AlertTitle>
              <AlertDescription>It is shown only once: Perkway keeps a fingerprint of it, never the token. Lost it? Create another and revoke this one.</AlertDescription>
            </Alert>
            <div className="grid gap-2">
              <Label htmlFor="new-directory-token">Directory token</Label>
              <div className="flex gap-2">
                <Input id="new-directory-token" readOnly value={created.token} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
                <CopyButton value={created.token} label="Copy directory token" showLabel={false} size="icon" />
              </div>
              <p className="text-xs text-muted-foreground">Entra ID: the Secret Token. Okta: the Authorization value, with Authentication Mode set to HTTP Header.</p>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="new-directory-base-url">SCIM base URL</Label>
              <div className="flex gap-2">
                <Input id="new-directory-base-url" readOnly value={baseUrl} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
                <CopyButton value={baseUrl} label="Copy the SCIM base URL" showLabel={false} size="icon" />
              </div>
            </div>
            <DialogFooter>
              <Button onClick={onClose}>I have stored the token</Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
