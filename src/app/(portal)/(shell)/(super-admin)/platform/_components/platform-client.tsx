"use client";
// Platform figures per partner (live or sandbox) and the activity log of the whole platform.
import Link from "next/link";
import { useState } from "react";
import { Activity, BarChart3 } from "lucide-react";
import { useDateFormat } from "@/components/portal/use-date-format";
import { api } from "@/trpc/react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";

const fmt = new Intl.NumberFormat("en");
// "Nov 26, 2026" over "5:46 PM UTC": one zone for everyone reading the log, not the browser's.
const ACTORS: Record<string, string> = { cli: "Operator CLI", api: "API", directory: "Directory sync", system: "System" };

export function PlatformClient() {
  return (
    <div className="space-y-8">
      <PageHeader title="Platform" description="Every partner at a glance, and everything that changed." />
      <PartnerFigures />
      <PlatformActivity />
    </div>
  );
}

function PartnerFigures() {
  const figures = api.superAdmin.partnerFigures.useQuery();
  if (figures.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading figures">
        <div className="grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (figures.isError) return <ErrorState error={figures.error} retry={() => void figures.refetch()} />;
  const data = figures.data;
  return (
    <section aria-labelledby="figures-title" className="space-y-4">
      <h2 id="figures-title" className="text-lg font-semibold">
        Partners, last {data.days} days
      </h2>
      <Tabs defaultValue="live">
        <TabsList aria-label="Environment">
          <TabsTrigger value="live">Live</TabsTrigger>
          <TabsTrigger value="test">Sandbox</TabsTrigger>
        </TabsList>
        {(["live", "test"] as const).map((env) => (
          <TabsContent key={env} value={env} className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-3">
              <Figure title="Members" value={data.totals[env].members} description="All partners, now" />
              <Figure title="Deal views" value={data.totals[env].views} description={`Deal pages opened (deal_detail_viewed), last ${data.days} days`} />
              <Figure title="Redemptions" value={data.totals[env].redemptions} description={`Recorded, one per member and deal, last ${data.days} days`} />
            </div>
            {data.partners.length === 0 ? (
              <EmptyState icon={BarChart3} title="No partners yet" description="Create a partner on the Partners page; its figures appear here." />
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Partner</TableHead>
                    {/* Phones: the figures sit under the name (issue 44: "Redemptions" was cut at 375 px). */}
                    <TableHead className="hidden text-right sm:table-cell">Members</TableHead>
                    <TableHead className="hidden text-right sm:table-cell">Views</TableHead>
                    <TableHead className="hidden text-right sm:table-cell">Redemptions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.partners.map((p) => (
                    <TableRow key={p.id}>
                      <TableCell>
                        <Link href={`/partners/${p.id}`} className="font-medium underline-offset-4 hover:underline">
                          {p.name}
                        </Link>{" "}
                        {!p.active ? <Badge variant="secondary">Inactive</Badge> : null}
                        <dl className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted-foreground sm:hidden">
                          {(
                            [
                              ["Members", p[env].members],
                              ["Views", p[env].views],
                              ["Redemptions", p[env].redemptions],
                            ] as const
                          ).map(([label, value]) => (
                            <div key={label} className="flex gap-1">
                              <dt>{label}</dt>
                              <dd className="font-medium text-foreground tabular-nums">{fmt.format(value)}</dd>
                            </div>
                          ))}
                        </dl>
                      </TableCell>
                      <TableCell className="hidden text-right tabular-nums sm:table-cell">{fmt.format(p[env].members)}</TableCell>
                      <TableCell className="hidden text-right tabular-nums sm:table-cell">{fmt.format(p[env].views)}</TableCell>
                      <TableCell className="hidden text-right tabular-nums sm:table-cell">{fmt.format(p[env].redemptions)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function Figure({ title, value, description }: { title: string; value: number; description: string }) {
  return (
    <Card>
      <CardHeader>
        <CardDescription>{title}</CardDescription>
        <CardTitle className="text-2xl tabular-nums">{fmt.format(value)}</CardTitle>
      </CardHeader>
      <CardContent className="text-muted-foreground text-xs">{description}</CardContent>
    </Card>
  );
}

const ALL = "all";
const PLATFORM = "platform";

function PlatformActivity() {
  const [scope, setScope] = useState(ALL);
  const partners = api.superAdmin.listPartners.useQuery({});
  const partnerId = scope === ALL ? undefined : scope === PLATFORM ? null : scope;
  const { dateTime } = useDateFormat();
  const activity = api.superAdmin.activity.useInfiniteQuery({ partnerId, limit: 25 }, { getNextPageParam: (last) => last.next_cursor ?? undefined });
  const rows = activity.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <section aria-labelledby="activity-title" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="activity-title" className="text-lg font-semibold">
          Activity log
        </h2>
        <div className="grid gap-1.5 sm:w-64">
          <Label htmlFor="activity-scope">Show activity of</Label>
          <Select value={scope} onValueChange={setScope}>
            <SelectTrigger id="activity-scope" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Everything</SelectItem>
              <SelectItem value={PLATFORM}>Platform only (catalogue, categories)</SelectItem>
              {(partners.data ?? []).map((p) => (
                <SelectItem key={p.id} value={p.id}>
                  {p.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {activity.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading activity">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : activity.isError ? (
        <ErrorState error={activity.error} retry={() => void activity.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={Activity} title="Nothing recorded yet" description="Changes made in the portal, through the CLI or by key rotation show up here." />
      ) : (
        <>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="hidden sm:table-cell">When</TableHead>
                <TableHead className="hidden sm:table-cell">Where</TableHead>
                <TableHead className="hidden md:table-cell">Who</TableHead>
                <TableHead>What</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="hidden text-sm sm:table-cell">
                    <time dateTime={r.created_at}>{dateTime(r.created_at)}</time>
                  </TableCell>
                  <TableCell className="hidden text-sm sm:table-cell">
                    {r.partner_id ? (
                      <Link href={`/partners/${r.partner_id}`} className="underline-offset-4 hover:underline">
                        {r.partner_name ?? "Deleted partner"}
                      </Link>
                    ) : (
                      <Badge variant="outline">Platform</Badge>
                    )}
                    {r.environment ? <span className="text-muted-foreground block text-xs">{r.environment === "live" ? "Live" : "Sandbox"}</span> : null}
                  </TableCell>
                  {/* An email breaks only at its @ and dots when it must, never every few characters. */}
                  <TableCell className="hidden max-w-64 min-w-40 text-sm whitespace-normal md:table-cell" data-testid="activity-who">
                    {r.actor_email ? <WrappableEmail email={r.actor_email} /> : (ACTORS[r.actor_type] ?? r.actor_type)}
                  </TableCell>
                  <TableCell className="min-w-0 text-sm whitespace-normal sm:min-w-48">
                    {/* Phones: when and where above what (issue 44: "What" was cut at 375 px). */}
                    <span className="block text-xs text-muted-foreground sm:hidden">
                      <time dateTime={r.created_at}>{dateTime(r.created_at)}</time> · {r.partner_id ? (r.partner_name ?? "Deleted partner") : "Platform"}
                      {r.environment ? ` (${r.environment === "live" ? "Live" : "Sandbox"})` : ""}
                    </span>
                    <span className="break-words">{r.summary}</span>
                    <span className="block font-mono text-xs text-muted-foreground">{r.action}</span>
                    {/* Phones: who, under what (the Who column is hidden). */}
                    <span className="block text-xs text-muted-foreground md:hidden">By {r.actor_email ? <WrappableEmail email={r.actor_email} /> : (ACTORS[r.actor_type] ?? r.actor_type)}</span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {activity.hasNextPage ? (
            <Button variant="outline" onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
              {activity.isFetchingNextPage ? "Loading…" : "Show older activity"}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

/** An email with break opportunities after "@" and before dots only (no mid-word breaks). */
function WrappableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span>
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </span>
      ))}
    </span>
  );
}
