"use client";
// The mailbox list: filter by status, search by recipient or subject, open one email.
import Link from "next/link";
import { useState } from "react";
import { Mail } from "lucide-react";
import { api } from "@/trpc/react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { FilterSelect } from "@/components/portal/filter-select";
import { PageHeader } from "@/components/portal/page-header";
import { useDateFormat } from "@/components/portal/use-date-format";
import { EmailStatusBadge, KIND_LABELS } from "./status-badge";

const ALL = "all";
const STATUS_OPTIONS = [
  { value: ALL, label: "All" },
  { value: "pending", label: "Pending or retrying" },
  { value: "sent", label: "Sent" },
  { value: "kept", label: "Kept (no SMTP)" },
  { value: "failed", label: "Failed" },
] as const;

export function MailboxClient({ smtpConfigured }: { smtpConfigured: boolean }) {
  const [status, setStatus] = useState<string>(ALL);
  const { dateTime } = useDateFormat();
  const [q, setQ] = useState("");
  const list = api.superAdmin.mailbox.useInfiniteQuery(
    { status: status === ALL ? null : (status as "pending" | "sent" | "kept" | "failed"), q: q.trim() || null, limit: 25 },
    { getNextPageParam: (last) => last.next_cursor ?? undefined, refetchInterval: 5_000 },
  );
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const counts = list.data?.pages[0]?.counts;

  return (
    <div className="space-y-6">
      <PageHeader title="Mailbox" description="Every email Perkway has written: sign-in links, invitations, password resets and notifications." />
      {!smtpConfigured ? (
        <Alert>
          <Mail aria-hidden="true" />
          <AlertTitle>No SMTP server is configured</AlertTitle>
          <AlertDescription>Emails are kept here and printed in the server log instead of being sent. Set SMTP_URL and MAIL_FROM to send them (see docs/email.md).</AlertDescription>
        </Alert>
      ) : null}
      {counts && counts.failed + counts.pending > 0 ? (
        <p className="text-sm text-muted-foreground" role="status">
          {counts.pending} waiting or retrying, {counts.failed} failed.
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect id="mailbox-status" label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} />
        <div className="flex min-w-48 flex-1 flex-col gap-1.5 sm:max-w-xs">
          <Label htmlFor="mailbox-q">Search recipient or subject</Label>
          <Input id="mailbox-q" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="ada@example.com" />
        </div>
      </div>
      {list.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading emails">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={Mail} title={q || status !== ALL ? "No email matches" : "No emails yet"} description="Emails appear here as soon as they are written: send a member a sign-in link, invite an admin, or use “Forgot password?”." />
      ) : (
        <>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead className="hidden md:table-cell">Kind</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden sm:table-cell">Written</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="max-w-[14rem] whitespace-normal sm:max-w-md">
                    <Link href={`/mailbox/${r.id}`} className="block font-medium break-words underline-offset-4 hover:underline">
                      {r.subject}
                    </Link>
                    <span className="block text-xs break-all text-muted-foreground">
                      To {r.to}
                      {r.partnerName ? ` · ${r.partnerName}` : ""}
                    </span>
                  </TableCell>
                  <TableCell className="hidden text-sm md:table-cell">{KIND_LABELS[r.kind] ?? r.kind}</TableCell>
                  <TableCell className="whitespace-normal">
                    <EmailStatusBadge status={r.status} attempts={r.attempts} />
                    <span className="mt-1 block text-xs text-muted-foreground">
                      {r.attempts} attempt{r.attempts === 1 ? "" : "s"}
                    </span>
                    {r.lastError ? (
                      <span className="mt-1 block max-w-[12rem] truncate text-xs text-destructive sm:max-w-xs" title={r.lastError}>
                        {r.lastError}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="hidden text-xs whitespace-nowrap sm:table-cell">
                    <time dateTime={r.createdAt}>{dateTime(r.createdAt)}</time>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.hasNextPage ? (
            <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? "Loading…" : "Show older emails"}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
