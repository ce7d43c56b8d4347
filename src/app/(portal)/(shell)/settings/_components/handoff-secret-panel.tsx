"use client";
// Settings → Member sign-in → the hand-off secret of the current environment: rotated here (or by
// POST /v1/handoff-secret/rotate) and shown once; the previous one keeps working for 24 hours.
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { CopyButton } from "@/components/portal/copy-button";
import { useDateFormat } from "@/components/portal/use-date-format";
import { Button } from "@/components/ui/button";
import { api } from "@/trpc/react";

export function HandoffSecretPanel({ exists, rotatedAt, readOnly }: { exists: boolean; rotatedAt: string | null; readOnly: boolean }) {
  const utils = api.useUtils();
  const { dateTime } = useDateFormat();
  const rotate = api.memberSignIn.rotateHandoffSecret.useMutation();
  const [secret, setSecret] = useState<string | null>(null);

  async function run() {
    try {
      const { secret: fresh } = await rotate.mutateAsync();
      setSecret(fresh);
      await utils.memberSignIn.get.invalidate();
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  return (
    <div className="grid gap-2 rounded-md border p-4" data-testid="handoff-secret">
      <p className="text-sm font-medium">Hand-off secret (this environment)</p>
      <p className="text-xs text-muted-foreground">
        {exists && rotatedAt ? `Created or rotated ${dateTime(rotatedAt)}.` : "No secret yet."} Your backend signs hand-off tokens with it (HS256, the whole secret as the
        key). After a rotation the previous secret keeps working for 24 hours.
      </p>
      {secret ? (
        <div className="grid gap-2">
          <pre className="overflow-x-auto rounded-md border bg-muted p-2 text-xs" data-testid="handoff-secret-value">
            {secret}
          </pre>
          <div className="flex items-center gap-2">
            <CopyButton value={secret} label="Copy hand-off secret" />
            <p className="text-xs text-muted-foreground">Shown once: store it in your backend now.</p>
          </div>
        </div>
      ) : null}
      {readOnly ? null : exists ? (
        <div>
          <ConfirmDialog
            trigger={
              <Button type="button" variant="outline" size="sm" disabled={rotate.isPending}>
                Rotate secret
              </Button>
            }
            title="Rotate the hand-off secret?"
            description="A new secret replaces the current one. Tokens signed with the current secret keep working for 24 hours, then only the new one does."
            confirmLabel="Rotate secret"
            onConfirm={run}
          />
        </div>
      ) : (
        <div>
          <Button type="button" variant="outline" size="sm" disabled={rotate.isPending} onClick={() => void run()}>
            Create secret
          </Button>
        </div>
      )}
    </div>
  );
}
