"use client";
// The activity log table: filters (environment, area, actor, date range) go to the server
// (activity.list), pages by cursor; before/after open per entry.
import type { ColumnDef } from "@tanstack/react-table";
import { Download, History, X } from "lucide-react";
import { toast } from "sonner";
import { saveFile } from "@/components/portal/save-file";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/portal/data-table";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FilterSelect } from "@/components/portal/filter-select";
import { PageHeader } from "@/components/portal/page-header";
import { useDateFormat } from "@/components/portal/use-date-format";
import type { ActivityEntryDto, ActivityListInput } from "@/server/schemas/activity.schema";
import { api } from "@/trpc/react";

function EnvironmentBadge({ environment }: { environment: ActivityEntryDto["environment"] }) {
  if (environment === "test") return <Badge variant="warning">Sandbox</Badge>;
  return environment === "live" ? <Badge variant="secondary">Live</Badge> : <span className="text-muted-foreground">Partner-wide</span>;
}

function ActivityWhat({ entry: e }: { entry: ActivityEntryDto }) {
  return (
    <div className="flex min-w-0 md:min-w-56 flex-col gap-1 whitespace-normal">
      <span>{e.summary}</span>
      <code className="text-xs text-muted-foreground">{e.action}</code>
      {e.changes && (e.changes.before !== undefined || e.changes.after !== undefined) ? (
        <details className="text-xs">
          <summary className="cursor-pointer text-primary underline-offset-4 hover:underline">Before and after</summary>
          <div className="mt-2 grid gap-2 md:grid-cols-2">
            {(["before", "after"] as const).map((k) =>
              e.changes?.[k] !== undefined ? (
                <div key={k}>
                  <div className="font-medium capitalize">{k}</div>
                  <pre className="max-h-64 overflow-auto rounded-md bg-muted p-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{JSON.stringify(e.changes[k], null, 2)}</pre>
                </div>
              ) : null,
            )}
          </div>
        </details>
      ) : null}
    </div>
  );
}

const ALL = "all";
const AREA_LABELS: Record<string, string> = {
  member: "Members",
  admin: "Team",
  api_key: "API keys",
  setting: "Settings",
  deal: "Deals",
  visibility_rule: "Visibility rules",
  code: "Codes",
  webhook: "Webhooks",
  webhook_endpoint: "Webhooks",
  directory_token: "Directory sync",
  partner: "Partner",
};
const ACTOR_LABELS: Record<string, string> = { cli: "Operator CLI", api: "API", directory: "Directory sync", system: "System" };

type Filters = { environment: string; area: string; actor: string; from: string; to: string };
const NO_FILTERS: Filters = { environment: ALL, area: ALL, actor: ALL, from: "", to: "" };

function who(e: ActivityEntryDto): string {
  if (e.actor_type === "admin") return e.actor_email ?? "An admin";
  return ACTOR_LABELS[e.actor_type] ?? e.actor_type;
}


/** Downloads the entries the current filters match (all pages) as CSV. */
function ExportActivityButton({ filters }: { filters: Omit<ActivityListInput, "limit" | "cursor"> }) {
  const utils = api.useUtils();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const file = await utils.activity.exportCsv.fetch(filters, { staleTime: 0 });
      saveFile(file.filename, file.content, file.mimeType);
      toast.success(file.truncated ? `Exported the newest ${file.count} entries (narrow the dates for older ones)` : `Exported ${file.count} ${file.count === 1 ? "entry" : "entries"}`);
    } catch (e) {
      toast.error(`The export failed: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" onClick={() => void download()} disabled={busy}>
      <Download aria-hidden="true" /> {busy ? "Exporting…" : "Export CSV"}
    </Button>
  );
}

export function ActivityClient() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const options = api.activity.filters.useQuery();
  const filterInput: Omit<ActivityListInput, "limit" | "cursor"> = {
    ...(filters.environment !== ALL ? { environment: filters.environment as "live" | "test" } : {}),
    ...(filters.area !== ALL ? { area: filters.area } : {}),
    ...(filters.actor !== ALL ? { actor: filters.actor } : {}),
    // Whole UTC days, both ends included.
    ...(filters.from ? { from: `${filters.from}T00:00:00.000Z` } : {}),
    ...(filters.to ? { to: `${filters.to}T23:59:59.999Z` } : {}),
  };
  const input: ActivityListInput = { limit: 50, cursor: cursors[cursors.length - 1], ...filterInput };
  const { dateTime } = useDateFormat();
  const list = api.activity.list.useQuery(input, { placeholderData: (prev) => prev });
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const set = (key: keyof Filters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setCursors([null]);
  };

  const columns = useMemo<ColumnDef<ActivityEntryDto>[]>(
    () => [
      { header: "When", cell: ({ row }) => <span className="whitespace-nowrap">{dateTime(row.original.created_at)}</span> },
      { header: "Who", cell: ({ row }) => <span className="inline-block min-w-40 [overflow-wrap:anywhere]">{who(row.original)}</span> },
      { header: "What", cell: ({ row: { original: e } }) => <ActivityWhat entry={e} /> },
      {
        header: "Environment",
        cell: ({ row }) => <EnvironmentBadge environment={row.original.environment} />,
      },
    ],
    [dateTime],
  );

  // Phones: one card per entry (issue 44: the table showed only "When" and "Who" at 375 px).
  const card = (e: ActivityEntryDto) => (
    <div className="flex flex-col gap-2 rounded-xl border bg-card p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-muted-foreground">{dateTime(e.created_at)}</span>
        <EnvironmentBadge environment={e.environment} />
      </div>
      <span className="font-medium [overflow-wrap:anywhere]">{who(e)}</span>
      <ActivityWhat entry={e} />
    </div>
  );

  return (
    <>
      <PageHeader
        title="Activity"
        description="Who changed what and who signed in, and when: portal, CLI and key changes, newest first."
        actions={<ExportActivityButton filters={filterInput} />}
      />
      <section aria-label="Filters" className="mb-4 flex flex-wrap items-end gap-3">
        <FilterSelect
          id="activity-environment"
          label="Environment"
          value={filters.environment}
          onChange={set("environment")}
          options={[
            { value: ALL, label: "All" },
            { value: "live", label: "Live" },
            { value: "test", label: "Sandbox" },
          ]}
        />
        <FilterSelect
          id="activity-area"
          label="Area"
          value={filters.area}
          onChange={set("area")}
          options={[{ value: ALL, label: "All" }, ...(options.data?.areas ?? []).map((a) => ({ value: a, label: AREA_LABELS[a] ?? a.replace(/_/g, " ") }))]}
        />
        <FilterSelect
          id="activity-actor"
          label="Who"
          value={filters.actor}
          onChange={set("actor")}
          options={[{ value: ALL, label: "Anyone" }, ...(options.data?.actors ?? []).map((a) => ({ value: a, label: ACTOR_LABELS[a] ?? a }))]}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="activity-from">From (UTC)</Label>
          <Input id="activity-from" type="date" className="w-40" value={filters.from} max={filters.to || undefined} onChange={(e) => set("from")(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="activity-to">To (UTC)</Label>
          <Input id="activity-to" type="date" className="w-40" value={filters.to} min={filters.from || undefined} onChange={(e) => set("to")(e.target.value)} />
        </div>
        {filtered ? (
          <Button variant="ghost" onClick={() => (setFilters(NO_FILTERS), setCursors([null]))}>
            <X aria-hidden="true" /> Clear filters
          </Button>
        ) : null}
      </section>
      {list.error ? (
        <ErrorState error={list.error} retry={() => list.refetch()} title="The activity could not be loaded" />
      ) : (
        <DataTable
          caption="Activity, newest first"
          columns={columns}
          card={card}
          data={list.data?.data}
          isLoading={list.isLoading}
          getRowId={(e) => e.id}
          page={cursors.length}
          hasMore={list.data?.has_more}
          onNextPage={() => list.data?.next_cursor && setCursors((c) => [...c, list.data!.next_cursor!])}
          onPreviousPage={() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c))}
          emptyState={
            filtered ? (
              <EmptyState icon={History} title="Nothing matches these filters" description="Widen the date range or clear the filters to see every change." />
            ) : (
              <EmptyState
                icon={History}
                title="No changes recorded yet"
                description="Changes to members, deals, settings, API keys and the team appear here as soon as someone makes them, in the portal or with the CLI."
              />
            )
          }
        />
      )}
    </>
  );
}
