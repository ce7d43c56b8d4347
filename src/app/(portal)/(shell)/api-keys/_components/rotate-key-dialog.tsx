"use client";
// "Rotate live key" / "Rotate sandbox key": a confirmation that names the environment and asks when
// the old private key should stop working (now by default, or rolled for 1 h / 24 h).
import { useState } from "react";
import { RefreshCw } from "lucide-react";
import { toast } from "sonner";
import { api, type RouterOutputs } from "@/trpc/react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { envLabel, type Env } from "./format";

type Rotated = RouterOutputs["apiKeys"]["rotate"];

const EXPIRY_CHOICES = [
  { value: "0", label: "Now", hint: "Requests with the old private key fail at once. Tokens already issued keep working up to 15 minutes." },
  { value: "3600", label: "In 1 hour", hint: "Both private keys work for an hour: time to deploy the new one." },
  { value: "86400", label: "In 24 hours", hint: "Both private keys work for a day." },
] as const;

export function RotateKeyDialog({ environment, disabled, onRotated }: { environment: Env; disabled: boolean; onRotated: (r: Rotated) => void }) {
  const name = envLabel(environment).toLowerCase();
  const [expiry, setExpiry] = useState<string>("0");
  const utils = api.useUtils();
  const rotate = api.apiKeys.rotate.useMutation();

  async function confirm() {
    try {
      const rotated = await rotate.mutateAsync({ environment, expireOldAfterSeconds: Number(expiry) });
      await utils.apiKeys.list.invalidate();
      setExpiry("0");
      onRotated(rotated);
    } catch (err) {
      toast.error(`The ${name} key was not rotated: ${(err as Error).message}`);
    }
  }

  const groupId = `expire-old-${environment}`;
  return (
    <ConfirmDialog
      trigger={
        <Button variant={environment === "live" ? "destructive" : "outline"} disabled={disabled}>
          <RefreshCw aria-hidden="true" /> Rotate {name} key
        </Button>
      }
      title={`Rotate the ${name} key pair?`}
      description={`A new ${name} key pair is created and its private key is shown once. Your backend must switch to it${environment === "live" ? ": live members and deals are reached only with a working key" : ""}.`}
      confirmLabel={`Rotate ${name} key`}
      destructive={environment === "live"}
      onConfirm={confirm}
    >
      <fieldset className="grid gap-3">
        <legend id={groupId} className="mb-2 text-sm font-medium">
          When should the old {name} private key stop working?
        </legend>
        <RadioGroup value={expiry} onValueChange={setExpiry} aria-labelledby={groupId}>
          {EXPIRY_CHOICES.map((c) => {
            const id = `${groupId}-${c.value}`;
            return (
              <div key={c.value} className="flex items-start gap-3">
                <RadioGroupItem value={c.value} id={id} aria-describedby={`${id}-hint`} className="mt-0.5" />
                <div className="grid gap-0.5">
                  <Label htmlFor={id}>{c.label}</Label>
                  <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                    {c.hint}
                  </p>
                </div>
              </div>
            );
          })}
        </RadioGroup>
      </fieldset>
    </ConfirmDialog>
  );
}
