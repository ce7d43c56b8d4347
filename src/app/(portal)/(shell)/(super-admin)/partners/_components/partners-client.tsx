"use client";
// Partners list: search by name or subdomain, filter by status, open one, or create one; each row
// shows its members (live and sandbox) and when it was last active.
import Link from "next/link";
import { useState } from "react";
import { Building2, Search } from "lucide-react";
import { api } from "@/trpc/react";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";
import { useDateFormat } from "@/components/portal/use-date-format";
import { useDebounced } from "@/components/portal/use-debounced";
import { CreatePartnerDialog } from "./create-partner-dialog";

type Status = "all" | "active" | "inactive";

const count = new Intl.NumberFormat("en");
export const DELIVERY_NAMES: Record<string, string> = { hosted: "Hosted app", iframe: "Widget (iframe)", api: "API only" };
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "5 minutes ago", "yesterday", "3 weeks ago": what an operator scanning the list needs. */
function relativeTime(iso: string): string {
  const seconds = (new Date(iso).getTime() - Date.now()) / 1000;
  const units: [Intl.RelativeTimeFormatUnit, number][] = [["year", 31_536_000], ["month", 2_592_000], ["week", 604_800], ["day", 86_400], ["hour", 3_600], ["minute", 60]];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  return "just now";
}

export function PartnersClient() {
  const { dateTime } = useDateFormat();
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<Status>("all");
  const query = useDebounced(q.trim(), 250);
  const partners = api.superAdmin.listPartners.useQuery({ q: query || undefined, status });

  return (
    <div className="space-y-6">
      <PageHeader title="Partners" description="Organizations that offer the catalogue to their members." actions={<CreatePartnerDialog />} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="partner-search">Search partners</Label>
          <div className="relative">
            <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2" aria-hidden />
            <Input id="partner-search" type="search" className="pl-8" placeholder="Name or subdomain" value={q} onChange={(e) => setQ(e.target.value)} />
          </div>
        </div>
        <div className="grid gap-1.5 sm:w-48">
          <Label htmlFor="partner-status">Status</Label>
          <Select value={status} onValueChange={(v) => setStatus(v as Status)}>
            <SelectTrigger id="partner-status" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All partners</SelectItem>
              <SelectItem value="active">Active</SelectItem>
              <SelectItem value="inactive">Inactive</SelectItem>
            </SelectContent>
          </Select>
        </div>
      </div>

      {partners.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading partners">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : partners.isError ? (
        <ErrorState error={partners.error} retry={() => void partners.refetch()} />
      ) : partners.data.length === 0 ? (
        <EmptyState
          icon={Building2}
          title={query || status !== "all" ? "No partner matches" : "No partners yet"}
          description={query || status !== "all" ? "Change the search or the status filter." : "Create the first partner: it gets API keys and a first admin with a set-password link."}
        />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead className="hidden sm:table-cell">Type</TableHead>
              <TableHead className="hidden md:table-cell">Subdomain</TableHead>
              <TableHead className="hidden md:table-cell">Delivery</TableHead>
              <TableHead className="text-right">Members</TableHead>
              <TableHead className="hidden sm:table-cell">Last activity</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {partners.data.map((p) => (
              <TableRow key={p.id}>
                <TableCell className="font-medium">
                  <Link href={`/partners/${p.id}`} className="underline-offset-4 hover:underline">
                    {p.name}
                  </Link>
                </TableCell>
                <TableCell className="hidden sm:table-cell">{p.type}</TableCell>
                <TableCell className="hidden font-mono text-xs md:table-cell">{p.subdomain}</TableCell>
                <TableCell className="hidden md:table-cell">{DELIVERY_NAMES[p.delivery_method] ?? p.delivery_method}</TableCell>
                <TableCell className="text-right tabular-nums">
                  <span className="block whitespace-nowrap">{count.format(p.members.live)} live</span>
                  <span className="block whitespace-nowrap text-xs text-muted-foreground">{count.format(p.members.test)} sandbox</span>
                </TableCell>
                <TableCell className="hidden whitespace-nowrap sm:table-cell">
                  {p.last_activity_at ? <time suppressHydrationWarning dateTime={p.last_activity_at} title={dateTime(p.last_activity_at)}>{relativeTime(p.last_activity_at)}</time> : <span className="text-muted-foreground">None yet</span>}
                </TableCell>
                <TableCell>
                  <Badge variant={p.active ? "default" : "secondary"}>{p.active ? "Active" : "Inactive"}</Badge>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
