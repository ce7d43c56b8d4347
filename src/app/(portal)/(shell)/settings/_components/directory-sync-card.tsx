"use client";
// Settings → Directory sync (owners and admins; contract section 20, issue 56): the SCIM base URL to
// give Entra ID or Okta, the directory tokens of the environment the Live / Sandbox switch shows
// (create: shown once; revoke: confirmed), when the directory last synced and its last 50 requests.
// Everything through tRPC directorySync.*; a super admin viewing read-only sees it without actions.
import { Fragment, useState } from "react";
import { RefreshCw } from "lucide-react";
import { CopyButton } from "@/components/portal/copy-button";
import { ErrorState } from "@/components/portal/error-state";
import { useDateFormat } from "@/components/portal/use-date-format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { DirectorySyncOverviewDto, DirectoryTokenCreatedDto } from "@/server/schemas/directory-sync.schema";
import { api } from "@/trpc/react";
import { DirectoryRequestsTable } from "./directory-requests-table";
import { DirectoryTokenDialog } from "./directory-token-dialog";
import { DirectoryTokenForm } from "./directory-token-form";
import { DirectoryTokensTable } from "./directory-tokens-table";
import { envWord } from "./directory-sync-words";

export function DirectorySyncCard({ readOnly }: { readOnly: boolean }) {
  // A directory syncs on its own schedule: the card looks again every 30 s (and on "Refresh").
  const overview = api.directorySync.overview.useQuery(undefined, { refetchInterval: 30_000 });
  const [created, setCreated] = useState<DirectoryTokenCreatedDto | null>(null);
  return (
    <Card className="mt-6" id="directory-sync" role="region" aria-labelledby="directory-sync-title" data-testid="directory-sync-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="directory-sync-title">Directory sync</CardTitle>
          {overview.data ? <EnvironmentBadge environment={overview.data.environment} /> : null}
        </div>
        <CardDescription>
          Your institution&apos;s directory (Microsoft Entra ID, Okta, Google Workspace, OneLogin) creates members when people are assigned, updates them when their details
          change and deactivates them when they leave, over SCIM 2.0. Only owners and admins see and change this.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex min-w-0 flex-col gap-6">
        {overview.error ? <ErrorState error={overview.error} retry={() => void overview.refetch()} title="Directory sync could not be loaded" /> : null}
        {overview.isLoading ? (
          <div className="grid gap-3" aria-label="Loading directory sync">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : null}
        {overview.data ? (
          <>
            <Connection overview={overview.data} />
            <section aria-labelledby="directory-tokens-heading" className="flex min-w-0 flex-col gap-3">
              <h3 id="directory-tokens-heading" className="text-sm font-semibold">
                Directory tokens ({envWord(overview.data.environment)})
              </h3>
              {readOnly ? (
                <p className="text-sm text-muted-foreground">Viewing read-only: only the partner&apos;s owners and admins create and revoke directory tokens.</p>
              ) : (
                <DirectoryTokenForm environment={overview.data.environment} onCreated={setCreated} />
              )}
              <DirectoryTokensTable tokens={overview.data.tokens} environment={overview.data.environment} readOnly={readOnly} />
            </section>
            <section aria-labelledby="directory-requests-heading" className="flex min-w-0 flex-col gap-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id="directory-requests-heading" className="text-sm font-semibold">
                  Recent requests
                </h3>
                <Button type="button" variant="ghost" size="sm" disabled={overview.isFetching} onClick={() => void overview.refetch()} aria-label="Refresh requests">
                  <RefreshCw aria-hidden="true" className={overview.isFetching ? "animate-spin" : undefined} /> Refresh
                </Button>
              </div>
              <p className="text-sm text-muted-foreground">The last 50 requests of each {envWord(overview.data.environment)} token, newest first: what the directory asked and what it did.</p>
              <DirectoryRequestsTable requests={overview.data.requests} />
            </section>
          </>
        ) : null}
      </CardContent>
      <DirectoryTokenDialog created={created} baseUrl={overview.data?.base_url ?? ""} onClose={() => setCreated(null)} />
    </Card>
  );
}

function EnvironmentBadge({ environment }: { environment: "live" | "test" }) {
  return environment === "test" ? <Badge className="bg-sandbox text-sandbox-foreground">Sandbox: test members</Badge> : <Badge variant="outline">Live: real members</Badge>;
}

/** What the directory is given, and whether it has been in touch. */
function Connection({ overview }: { overview: DirectorySyncOverviewDto }) {
  const { dateTime } = useDateFormat();
  const env = envWord(overview.environment);
  return (
    <div className="grid min-w-0 gap-4 rounded-md border p-4">
      <div className="grid gap-2">
        <p id="scim-base-url-label" className="text-sm font-medium">
          SCIM base URL
        </p>
        <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center">
          <code aria-labelledby="scim-base-url-label" data-testid="scim-base-url" className="min-w-0 flex-1 rounded-md bg-muted px-3 py-2 font-mono text-xs [overflow-wrap:anywhere] sm:text-sm">
            {/* a narrow screen wraps it after a slash rather than inside a word */}
            {overview.base_url.split(/(?<=\/)/).map((part, i) => (
              <Fragment key={i}>
                {part}
                <wbr />
              </Fragment>
            ))}
          </code>
          <CopyButton value={overview.base_url} label="Copy SCIM base URL" className="self-start sm:self-auto" />
        </div>
        <p className="text-xs text-muted-foreground">
          Microsoft Entra ID calls it the Tenant URL, Okta the SCIM connector base URL. Live and Sandbox share it: the token you give the directory decides which members it
          writes, and a {env} token writes {env} members only.
        </p>
      </div>
      <div className="grid gap-1">
        <p className="text-sm font-medium">Last sync</p>
        <p className="text-sm text-muted-foreground" data-testid="last-sync">
          {overview.last_sync_at ? (
            <>
              Your directory last called Perkway <time dateTime={overview.last_sync_at}>{dateTime(overview.last_sync_at)}</time>.
            </>
          ) : (
            `Not yet: no request with a ${env} token so far.`
          )}
        </p>
      </div>
      <p className="text-xs text-muted-foreground">
        Step by step for Entra ID and Okta (where to paste the base URL and the token, which attributes to map, and the names of Perkway&apos;s own attributes: tier, user types,
        regions and eligibility) is in the Directory sync guide of the Perkway documentation (docs/scim.md).
      </p>
    </div>
  );
}
