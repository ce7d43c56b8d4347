"use client";
// The new pair after a rotation: the private key is shown here once, with copy buttons and a warning.
// Escape, a click outside and a close icon would lose the only copy of the key: only the confirming
// button closes it (docs/portal.md).
import { AlertTriangle } from "lucide-react";
import type { RouterOutputs } from "@/trpc/react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { CopyButton } from "@/components/portal/copy-button";
import { envLabel, formatDateTime } from "./format";

export type Rotated = RouterOutputs["apiKeys"]["rotate"];

export function NewKeyDialog({ rotated, onClose }: { rotated: Rotated | null; onClose: () => void }) {
  const name = rotated ? envLabel(rotated.environment).toLowerCase() : "";
  return (
    <Dialog open={rotated !== null}>
      <DialogContent showCloseButton={false} onInteractOutside={(e) => e.preventDefault()} onEscapeKeyDown={(e) => e.preventDefault()}>
        {rotated ? (
          <>
            <DialogHeader>
              <DialogTitle>New {name} key pair</DialogTitle>
              <DialogDescription>
                {rotated.old_key_expires_at
                  ? `The old ${name} private key keeps working until ${formatDateTime(rotated.old_key_expires_at)}.`
                  : `The old ${name} private key no longer works.`}
              </DialogDescription>
            </DialogHeader>
            <Alert variant="warning">
              <AlertTriangle aria-hidden="true" />
              <AlertTitle>Copy the private key now</AlertTitle>
              <AlertDescription>It is shown only this once. Store it in your backend&apos;s secrets, never in a browser or app.</AlertDescription>
            </Alert>
            <div className="grid gap-2">
              <Label htmlFor="new-public-key">New {name} public key</Label>
              <div className="flex gap-2">
                <Input id="new-public-key" readOnly value={rotated.public_key} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
                <CopyButton value={rotated.public_key} label={`Copy new ${name} public key`} showLabel={false} size="icon" />
              </div>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="new-private-key">New {name} private key</Label>
              <div className="flex gap-2">
                <Input id="new-private-key" readOnly value={rotated.private_key} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
                <CopyButton value={rotated.private_key} label={`Copy new ${name} private key`} showLabel={false} size="icon" />
              </div>
            </div>
            <DialogFooter>
              <Button onClick={onClose}>I have stored the private key</Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
