"use client";
// The directory's last requests (up to 50 per token), newest first: when, which token, method,
// path (a filter's values masked by the server: the log keeps no personal data), status and what it did. Wider than a phone by design: the table scrolls sideways in a named,
// focusable box at 375 px (DataTable's scrollLabel) rather than squeezing the paths.
import type { ColumnDef } from "@tanstack/react-table";
import { History } from "lucide-react";
import { DataTable } from "@/components/portal/data-table";
import { EmptyState } from "@/components/portal/empty-state";
import { FormattedDate } from "@/components/portal/formatted-date";
import { Badge } from "@/components/ui/badge";
import type { DirectoryRequestDto } from "@/server/schemas/directory-sync.schema";

const statusVariant = (status: number) => (status >= 500 ? "destructive" : status >= 400 ? "warning" : "outline");

// Module constant: the columns keep their identity across the card's refetches (data-table.tsx).
const COLUMNS: ColumnDef<DirectoryRequestDto>[] = [
  {
    header: "When",
    cell: ({ row }) => (
      <time dateTime={row.original.created_at} className="whitespace-nowrap">
        <FormattedDate value={row.original.created_at} time />
      </time>
    ),
  },
  { header: "Token", cell: ({ row }) => <div className="max-w-40 min-w-24 [overflow-wrap:anywhere]">{row.original.token_name}</div> },
  { header: "Method", cell: ({ row }) => <span className="font-mono text-xs">{row.original.method}</span> },
  { header: "Path", cell: ({ row }) => <div className="max-w-md min-w-56 font-mono text-xs break-all">{row.original.path}</div> },
  {
    header: "Status",
    cell: ({ row }) => (
      <Badge variant={statusVariant(row.original.status)} className="tabular-nums">
        {row.original.status}
      </Badge>
    ),
  },
  { header: "Outcome", cell: ({ row }) => <div className="max-w-sm min-w-48 [overflow-wrap:anywhere]">{row.original.outcome}</div> },
];

export function DirectoryRequestsTable({ requests }: { requests: DirectoryRequestDto[] }) {
  return (
    <DataTable
      caption="Directory requests, newest first"
      scrollLabel="Directory requests (scrolls sideways)"
      columns={COLUMNS}
      data={requests}
      getRowId={(r) => r.id}
      emptyState={
        <EmptyState
          icon={History}
          title="No requests yet"
          description="Once your directory uses a token (Test Connection in Entra ID, Test Connector Configuration in Okta, then each provisioning cycle), its requests appear here."
        />
      }
    />
  );
}
