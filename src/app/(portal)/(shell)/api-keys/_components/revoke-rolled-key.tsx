"use client";
// "Revoke now" beside an old key pair still in its grace period: for when the old private key leaked.
import { toast } from "sonner";
import { api } from "@/trpc/react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { envLabel, type Env } from "./format";

export function RevokeRolledKey({ environment, publicKey }: { environment: Env; publicKey: string }) {
  const name = envLabel(environment).toLowerCase();
  const utils = api.useUtils();
  const revoke = api.apiKeys.revokeRolled.useMutation();
  async function confirm() {
    try {
      await revoke.mutateAsync({ publicKey });
      toast.success(`The old ${name} private key no longer works`);
    } catch (err) {
      toast.error(`The old ${name} key was not revoked: ${(err as Error).message}`);
    } finally {
      await utils.apiKeys.list.invalidate();
    }
  }
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" className="justify-self-start">
          Revoke old {name} key now
        </Button>
      }
      title={`Revoke the old ${name} key now?`}
      description={`Requests signed with the old ${name} private key fail at once, before its expiry. The current pair keeps working.`}
      confirmLabel={`Revoke old ${name} key`}
      destructive
      onConfirm={confirm}
    />
  );
}
