"use client";
// Provider tracking of one deal (docs/provider-conversions.md), for whoever manages it: the partner on its own
// deals, the super admin on servicepass deals. Turning tracking on or rotating makes a provider
// secret that is shown once, here, with the snippets the provider needs.
import { ShieldCheck } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { CopyButton } from "@/components/portal/copy-button";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { providerSnippets } from "./provider-snippets";

type ProviderTrackingPanelProps = {
  productName: string;
  enabled: boolean;
  readOnly: boolean;
  pending: boolean;
  /** Resolves to the new secret when one was made (turning on), else null. */
  onSetEnabled: (enabled: boolean) => Promise<string | null>;
  onRotate: () => Promise<string | null>;
  /** After the secret dialog closes (refresh the deal then: a remount earlier would lose the secret). */
  onSecretDismissed?: () => void;
  /**
   * Applied with the page's save button instead of at once (the catalogue's "Save deal"): the switch
   * shows `draft` (null: no change yet) and `onSetEnabled` only records it; `savedSecret` is a secret
   * the save returned, shown once like one made here.
   */
  deferred?: { draft: boolean | null; saveLabel: string; savedSecret: string | null };
};

const noSubscribe = () => () => undefined;

export function ProviderTrackingPanel({ productName, enabled, readOnly, pending, onSetEnabled, onRotate, onSecretDismissed, deferred }: ProviderTrackingPanelProps) {
  const [madeHere, setSecret] = useState<string | null>(null);
  const secret = madeHere ?? deferred?.savedSecret ?? null;
  const checked = deferred?.draft ?? enabled;
  const changing = deferred !== undefined && deferred.draft !== null && deferred.draft !== enabled;
  // The API is served on the portal's origin; the server render has no window.
  const origin = useSyncExternalStore(noSubscribe, () => window.location.origin, () => "https://perkway.com");
  const snippets = providerSnippets(origin, "whsec_…");
  const shown = secret ? providerSnippets(origin, secret) : null;
  const dismiss = () => {
    setSecret(null);
    onSecretDismissed?.();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="h-5 w-5" /> Provider-confirmed redemption
        </CardTitle>
        <CardDescription>
          Members reach the provider through a tracked link that records the click; the provider confirms each real redemption with a signed request.
          Put <code className="font-mono">{"{{click_id}}"}</code> in the redeem URL so the provider receives the click id.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <Switch
            id="tracking-enabled"
            checked={checked}
            aria-describedby={changing ? "tracking-pending" : undefined}
            disabled={readOnly || pending}
            onCheckedChange={async (on) => {
              const s = await onSetEnabled(on).catch(() => null);
              if (s) setSecret(s);
            }}
          />
          <Label htmlFor="tracking-enabled">Track redemptions of this deal</Label>
        </div>
        {changing ? (
          <Alert variant={deferred!.draft ? "default" : "destructive"} id="tracking-pending" role="status">
            <AlertTitle>{deferred!.draft ? "Tracking turns on when you save" : "Tracking turns off when you save"}</AlertTitle>
            <AlertDescription>
              {deferred!.draft
                ? `Press "${deferred!.saveLabel}" to apply it. A provider secret that already exists keeps working; a deal that never had one gets a new secret, shown once.`
                : `Press "${deferred!.saveLabel}" to apply it. From then on the provider's confirmations of this deal are refused and members' links are no longer tracked; turning it on again later reuses the same secret.`}
            </AlertDescription>
          </Alert>
        ) : null}
        {enabled ? (
          <>
            <p className="text-sm text-muted-foreground">
              {deferred
                ? "The provider secret was shown once when it was made; turning tracking off and on keeps it. Lost it? Rotate it: the old secret stops working at once."
                : "The provider secret was shown once when tracking was turned on. Lost it? Rotate it: the old secret stops working at once."}
            </p>
            {readOnly ? null : (
              <div>
                <ConfirmDialog
                  trigger={<Button variant="outline">Rotate provider secret</Button>}
                  title={`Rotate the provider secret of "${productName}"?`}
                  description="The current secret stops working immediately: conversions the provider signs with it are refused until it uses the new one."
                  confirmLabel="Rotate secret"
                  destructive
                  onConfirm={async () => {
                    const s = await onRotate().catch(() => null);
                    if (s) setSecret(s);
                  }}
                />
              </div>
            )}
            <details className="rounded-md border p-3 text-sm">
              <summary className="cursor-pointer font-medium">Snippets for the provider (curl and Node)</summary>
              <Snippets curl={snippets.curl} node={snippets.node} />
            </details>
          </>
        ) : null}
      </CardContent>
      <Dialog open={secret !== null} onOpenChange={(open) => (open ? undefined : dismiss())}>
        <DialogContent className="max-h-[90vh] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Provider secret of {productName}</DialogTitle>
            <DialogDescription>Shown only this once. Give it to the provider over a safe channel; it signs each conversion.</DialogDescription>
          </DialogHeader>
          {secret ? (
            <>
              <Alert>
                <AlertTitle>Provider secret</AlertTitle>
                <AlertDescription>
                  <code className="block break-all font-mono text-sm" data-testid="provider-secret">
                    {secret}
                  </code>
                </AlertDescription>
              </Alert>
              <div>
                <CopyButton value={secret} label="Copy provider secret" />
              </div>
              {shown ? <Snippets curl={shown.curl} node={shown.node} /> : null}
            </>
          ) : null}
          <DialogFooter>
            <Button onClick={dismiss}>I stored the secret</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function Snippets({ curl, node }: { curl: string; node: string }) {
  return (
    <div className="mt-3 flex flex-col gap-3">
      {[
        ["curl", curl],
        ["Node", node],
      ].map(([label, code]) => (
        <div key={label} className="min-w-0">
          <div className="mb-1 flex items-center justify-between gap-2">
            <span className="text-sm font-medium">{label}</span>
            <CopyButton value={code} label={`Copy the ${label} snippet`} />
          </div>
          <pre tabIndex={0} role="region" aria-label={`${label} snippet`} className="max-h-64 overflow-auto rounded-md bg-muted p-3 font-mono text-xs">
            {code}
          </pre>
        </div>
      ))}
    </div>
  );
}
