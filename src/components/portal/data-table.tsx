"use client";
// One table for every portal list: TanStack Table for columns and cells, paging done by the server
// (cursor pages: the caller owns the cursor stack and passes hasMore / onNextPage / onPreviousPage).
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
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
  page?: number;
  hasMore?: boolean;
  onNextPage?: () => void;
  onPreviousPage?: () => void;
  getRowId?: (row: T) => string;
};

export function DataTable<T>({ columns, data, isLoading, emptyState, caption, page = 1, hasMore, onNextPage, onPreviousPage, getRowId }: DataTableProps<T>) {
  const table = useReactTable({ data: data ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: getRowId ? (row) => getRowId(row) : undefined });
  const showPager = onNextPage || onPreviousPage;
  if (!isLoading && data && data.length === 0 && page === 1) return <>{emptyState}</>;
  return (
    <div className="flex flex-col gap-3">
      <div className="rounded-xl border bg-card">
        <Table aria-label={caption}>
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
