"use client";
// One table for every portal list: TanStack Table for columns and cells, paging done by the server
// (cursor pages: the caller owns the cursor stack and passes hasMore / onNextPage / onPreviousPage).
// Columns must keep their identity across renders (module constants, or useMemo on props that do
// not follow the query): a new cell function is a new component type, so every cell, and a dialog
// open inside one, would remount on each refetch. What cells read from the query or from selection
// state goes through `meta` instead (cellMeta reads it back).
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type Table as TanStackTable } from "@tanstack/react-table";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

export type DataTableProps<T> = {
  columns: ColumnDef<T, any>[];
  data: T[] | undefined;
  isLoading?: boolean;
  emptyState: ReactNode;
  /** accessible name of the table ("Members") */
  caption?: string;
  /** a table wider than a phone by design: its box scrolls sideways as a named, focusable region (ui/table.tsx) */
  scrollLabel?: string;
  page?: number;
  hasMore?: boolean;
  onNextPage?: () => void;
  onPreviousPage?: () => void;
  getRowId?: (row: T) => string;
  /** what cells need beyond their row (selection, counts): read with cellMeta(table) */
  meta?: object;
  /** Phones (below md): each row as a card in a list instead of the table, same data and actions. */
  card?: (row: T) => ReactNode;
};

/** The `meta` the DataTable was given, typed as the columns expect it. */
export function cellMeta<M>(table: TanStackTable<any>): M {
  return table.options.meta as M;
}

export function DataTable<T>({ columns, data, isLoading, emptyState, caption, scrollLabel, page = 1, hasMore, onNextPage, onPreviousPage, getRowId, meta, card }: DataTableProps<T>) {
  const table = useReactTable({ data: data ?? [], columns, meta, getCoreRowModel: getCoreRowModel(), getRowId: getRowId ? (row) => getRowId(row) : undefined });
  const showPager = onNextPage || onPreviousPage;
  if (!isLoading && data && data.length === 0 && page === 1) return <>{emptyState}</>;
  return (
    <div className="flex flex-col gap-3">
      {card ? (
        <ul aria-label={caption} aria-busy={isLoading} className="flex flex-col gap-3 md:hidden">
          {isLoading
            ? Array.from({ length: 3 }, (_, i) => (
                <li key={`skeleton-${i}`} className="rounded-xl border bg-card p-4">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="mt-3 h-4 w-1/2" />
                </li>
              ))
            : table.getRowModel().rows.map((row) => <li key={row.id}>{card(row.original)}</li>)}
        </ul>
      ) : null}
      <div className={card ? "hidden rounded-xl border bg-card md:block" : "rounded-xl border bg-card"}>
        <Table aria-label={caption} scrollLabel={scrollLabel}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => (
                  <TableHead key={header.id}>{header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}</TableHead>
                ))}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {isLoading
              ? Array.from({ length: 5 }, (_, i) => (
                  <TableRow key={`skeleton-${i}`}>
                    {columns.map((_c, j) => (
                      <TableCell key={j}>
                        <Skeleton className="h-4 w-full max-w-40" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : table.getRowModel().rows.map((row) => (
                  <TableRow key={row.id}>
                    {row.getVisibleCells().map((cell) => (
                      <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                    ))}
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </div>
      {showPager ? (
        <nav aria-label="Pagination" className="flex items-center justify-between gap-2">
          <span className="text-sm text-muted-foreground">Page {page}</span>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={onPreviousPage} disabled={page <= 1 || isLoading}>
              <ChevronLeft aria-hidden="true" /> Previous page
            </Button>
            <Button variant="outline" size="sm" onClick={onNextPage} disabled={!hasMore || isLoading}>
              Next page <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}
