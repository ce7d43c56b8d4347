"use client";
// The API keys page: one card per environment, the curl to try a pair, and the rotation flow.
import { useState } from "react";
import { KeyRound } from "lucide-react";
import { api, type RouterOutputs } from "@/trpc/react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CopyButton } from "@/components/portal/copy-button";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";
import { envLabel, formatDateTime, type Env } from "./format";
import { NewKeyDialog, type Rotated } from "./new-key-dialog";
import { RevokeRolledKey } from "./revoke-rolled-key";
import { RotateKeyDialog } from "./rotate-key-dialog";

type KeyEnvironment = RouterOutputs["apiKeys"]["list"]["environments"][number];

export function ApiKeysClient({ apiBaseUrl, environment, readOnly }: { apiBaseUrl: string; environment: Env; readOnly: boolean }) {
  const list = api.apiKeys.list.useQuery();
  const [rotated, setRotated] = useState<Rotated | null>(null);

  return (
    <div className="space-y-6">
      <PageHeader
        title="API keys"
        description={
          <>
            Your backend exchanges a key pair for a 15-minute token (POST /v1/authentications). Live keys reach live data only; sandbox keys reach test data only. A private key
            is shown once, when its pair is created or rotated. Every endpoint is in the{" "}
            <a href="/docs/api" className="font-medium text-foreground underline underline-offset-4">
              API reference
            </a>
            .
          </>
        }
      />
      {list.isPending ? (
        <div className="grid gap-4 lg:grid-cols-2" aria-label="Loading API keys">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            {list.data.environments.map((e) => (
              <KeyCard key={e.environment} keys={e} readOnly={readOnly} onRotated={setRotated} />
            ))}
          </div>
          <CurlCard apiBaseUrl={apiBaseUrl} environments={list.data.environments} initial={environment} />
        </>
      )}
      <NewKeyDialog rotated={rotated} onClose={() => setRotated(null)} />
    </div>
  );
}

function KeyCard({ keys, readOnly, onRotated }: { keys: KeyEnvironment; readOnly: boolean; onRotated: (r: Rotated) => void }) {
  const env = keys.environment;
  const name = envLabel(env);
  const headingId = `keys-${env}`;
  return (
    <Card aria-labelledby={headingId} role="region" className={env === "test" ? "border-sandbox/50" : undefined}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={headingId} className="text-lg">
            {name} keys
          </CardTitle>
          {env === "test" ? <Badge className="bg-sandbox text-sandbox-foreground">Test data only</Badge> : <Badge variant="outline">Real members and deals</Badge>}
        </div>
        <CardDescription>{env === "test" ? "For development and tests: reaches sandbox members, deals and events." : "For production: reaches your live members, deals and events."}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {keys.current ? (
          <>
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <div className="col-span-2 grid gap-1">
                <dt className="font-medium">Public key</dt>
                <dd className="flex items-start gap-2">
                  <code className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1.5 font-mono text-xs">{keys.current.public_key}</code>
                  <CopyButton value={keys.current.public_key} label={`Copy ${name.toLowerCase()} public key`} showLabel={false} size="icon" variant="ghost" />
                </dd>
              </div>
              <div className="col-span-2 grid gap-1">
                <dt className="font-medium">Private key</dt>
                <dd className="text-muted-foreground">
                  <code className="font-mono text-xs">sk_{env}_••••••••</code> — shown only once, when the pair was created or rotated. Lost it? Rotate the key.
                </dd>
              </div>
              <div className="grid gap-1">
                <dt className="font-medium">Created</dt>
                <dd className="text-muted-foreground">
                  <time dateTime={keys.current.created_at}>{formatDateTime(keys.current.created_at)}</time>
                </dd>
              </div>
              <div className="grid gap-1">
                <dt className="font-medium">Last used</dt>
                <dd className="text-muted-foreground">
                  {keys.current.last_used_at ? <time dateTime={keys.current.last_used_at}>{formatDateTime(keys.current.last_used_at)}</time> : "Never"}
                </dd>
              </div>
            </dl>
            {keys.rolled.length ? (
              <div className="space-y-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">
                <p className="font-medium">Old {name.toLowerCase()} keys still working</p>
                <ul className="space-y-2">
                  {keys.rolled.map((r) => (
                    <li key={r.public_key} className="grid gap-0.5">
                      <code className="break-all font-mono text-xs">{r.public_key}</code>
                      <span className="text-muted-foreground">
                        Stops working <time dateTime={r.expires_at}>{formatDateTime(r.expires_at)}</time>; last used {r.last_used_at ? formatDateTime(r.last_used_at) : "never"}.
                      </span>
                      {readOnly ? null : <RevokeRolledKey environment={env} publicKey={r.public_key} />}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : (
          <EmptyState icon={KeyRound} title={`No ${name.toLowerCase()} key pair`} description="Rotate to create one; its private key is shown once." />
        )}
        <div className="flex flex-wrap items-center gap-2">
          <RotateKeyDialog environment={env} disabled={readOnly} onRotated={onRotated} />
          {readOnly ? <p className="text-sm text-muted-foreground">Viewing read-only: only the partner&apos;s admins rotate keys.</p> : null}
        </div>
      </CardContent>
    </Card>
  );
}

function CurlCard({ apiBaseUrl, environments, initial }: { apiBaseUrl: string; environments: KeyEnvironment[]; initial: Env }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Try a key pair</CardTitle>
        <CardDescription>Exchange the pair for a token, then send it as Authorization: Bearer &lt;jwt_token&gt; on every /v1 call. Replace the placeholder with your private key.</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue={initial}>
          <TabsList aria-label="Environment of the example">
            {environments.map((e) => (
              <TabsTrigger key={e.environment} value={e.environment}>
                {envLabel(e.environment)}
              </TabsTrigger>
            ))}
          </TabsList>
          {environments.map((e) => {
            const curl = curlFor(apiBaseUrl, e);
            return (
              <TabsContent key={e.environment} value={e.environment} className="space-y-2">
                <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed" aria-label={`curl for ${envLabel(e.environment).toLowerCase()} keys`} tabIndex={0}>
                  {curl}
                </pre>
                <CopyButton value={curl} label={`Copy ${envLabel(e.environment).toLowerCase()} curl command`} />
              </TabsContent>
            );
          })}
        </Tabs>
      </CardContent>
    </Card>
  );
}

function curlFor(apiBaseUrl: string, keys: KeyEnvironment): string {
  const publicKey = keys.current?.public_key ?? `pk_${keys.environment}_...`;
  const body = JSON.stringify({ public_key: publicKey, private_key: `YOUR_${keys.environment === "test" ? "SANDBOX" : "LIVE"}_PRIVATE_KEY` });
  return `curl -X POST ${apiBaseUrl}/v1/authentications \\\n  -H "Content-Type: application/json" \\\n  -d '${body}'`;
}
