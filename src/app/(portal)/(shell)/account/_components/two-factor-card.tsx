"use client";
// Two-factor authentication on /account: set up (QR code and the otpauth URI as text, then a code
// from the app), the recovery codes shown once, new recovery codes, and turning it off (with a code;
// not while a policy requires it). Turning it on or off signs out the admin's other sessions.
import { ShieldAlert, ShieldCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { ErrorState } from "@/components/portal/error-state";
import { useDateFormat } from "@/components/portal/use-date-format";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/trpc/react";
import { CodeForm } from "./code-form";
import { RecoveryCodes } from "./recovery-codes";

type Setup = { secret: string; otpauth_uri: string; qr_svg: string };

export function TwoFactorCard({ setupRequired }: { setupRequired: boolean }) {
  const utils = api.useUtils();
  const { date } = useDateFormat();
  const router = useRouter();
  const overview = api.account.overview.useQuery();
  const start = api.account.startTwoFactorSetup.useMutation();
  const confirm = api.account.confirmTwoFactorSetup.useMutation();
  const disable = api.account.disableTwoFactor.useMutation();
  const regenerate = api.account.regenerateRecoveryCodes.useMutation();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<"disable" | "regenerate" | null>(null);
  const data = overview.data;

  async function refresh() {
    await utils.account.invalidate();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Two-factor authentication
          {data ? data.two_factor.enabled ? <Badge variant="secondary">On</Badge> : <Badge variant="outline">Off</Badge> : null}
        </CardTitle>
        <CardDescription>A 6-digit code from an authenticator app (1Password, Google Authenticator, Authy…) after your password.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {setupRequired && !data?.two_factor.enabled ? (
          <Alert variant="destructive">
            <ShieldAlert aria-hidden="true" />
            <AlertTitle>Set up two-factor authentication to continue</AlertTitle>
            <AlertDescription>Your organisation requires it. The rest of the portal opens once it is on.</AlertDescription>
          </Alert>
        ) : null}
        {overview.error ? <ErrorState error={overview.error} retry={() => overview.refetch()} title="Your two-factor settings could not be loaded" /> : null}
        {overview.isLoading ? <Skeleton className="h-24 w-full" /> : null}
        {codes && data ? (
          <RecoveryCodes
            codes={codes}
            email={data.email}
            onDone={() => {
              setCodes(null);
              // A required setup is done: a fresh render of the shell lets the whole portal in.
              if (setupRequired) {
                router.push("/");
                router.refresh();
              }
            }}
          />
        ) : null}
        {data && !data.two_factor.enabled && !setup ? (
          <div>
            <Button
              disabled={start.isPending}
              onClick={async () => {
                try {
                  setSetup(await start.mutateAsync());
                } catch (error) {
                  toast.error((error as Error).message);
                }
              }}
            >
              <ShieldCheck aria-hidden="true" /> {start.isPending ? "Preparing…" : "Set up two-factor authentication"}
            </Button>
          </div>
        ) : null}
        {data && !data.two_factor.enabled && setup ? (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <div
              role="img"
              aria-label="QR code for your authenticator app"
              className="size-48 shrink-0 rounded-md border bg-white p-2 [&_svg]:size-full"
              // SVG made on our server by the qrcode package from the otpauth URI: no user-supplied markup.
              dangerouslySetInnerHTML={{ __html: setup.qr_svg }}
            />
            <div className="flex min-w-0 flex-col gap-3 text-sm">
              <p>1. Scan the QR code with your authenticator app, or enter this key by hand:</p>
              <code data-testid="totp-secret" className="rounded bg-muted px-2 py-1 font-mono break-all">
                {setup.secret}
              </code>
              <details>
                <summary className="cursor-pointer text-muted-foreground">Show the setup link as text</summary>
                <code data-testid="otpauth-uri" className="mt-1 block font-mono text-xs break-all">
                  {setup.otpauth_uri}
                </code>
              </details>
              <p>2. Enter the 6-digit code the app shows.</p>
              <CodeForm
                label="Authentication code"
                submitLabel="Turn on two-factor authentication"
                pendingLabel="Checking…"
                onCode={async (code) => {
                  const out = await confirm.mutateAsync({ code });
                  setSetup(null);
                  setCodes(out.recovery_codes);
                  toast.success("Two-factor authentication is on. Your other sessions are signed out.");
                  await refresh();
                }}
              />
            </div>
          </div>
        ) : null}
        {data?.two_factor.enabled && !codes ? (
          <div className="flex flex-col gap-3 text-sm">
            <p>
              {data.two_factor.enabled_at ? `On since ${date(data.two_factor.enabled_at)}. ` : null}
              {data.two_factor.recovery_codes_left} of 10 recovery codes left.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setAction(action === "regenerate" ? null : "regenerate")}>
                New recovery codes
              </Button>
              {data.two_factor_required ? null : (
                <Button variant="outline" size="sm" onClick={() => setAction(action === "disable" ? null : "disable")}>
                  Turn off
                </Button>
              )}
            </div>
            {data.two_factor_required ? <p className="text-muted-foreground">Required for your account: it cannot be turned off.</p> : null}
            {action ? (
              <CodeForm
                label={action === "disable" ? "Code to turn off two-factor authentication" : "Code to make new recovery codes"}
                description="A code from your authenticator app, or a recovery code."
                submitLabel={action === "disable" ? "Turn off" : "Make new codes"}
                pendingLabel="Checking…"
                onCode={async (code) => {
                  if (action === "disable") {
                    await disable.mutateAsync({ code });
                    toast.success("Two-factor authentication is off. Your other sessions are signed out.");
                  } else {
                    setCodes((await regenerate.mutateAsync({ code })).recovery_codes);
                  }
                  setAction(null);
                  await refresh();
                }}
              />
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
