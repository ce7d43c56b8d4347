"use client";
// The rows that will not be (or were not) imported, with their problem: shown as soon as the file is
// checked, before anything is sent (issue 44), and again in the summary with what the server refused.
// The first 100 on the page, all of them in the downloadable CSV.
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { RowProblem } from "./csv-import";

export function ImportProblems({ problems, title, onDownload }: { problems: readonly RowProblem[]; title: string; onDownload: () => void }) {
  if (problems.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">
          {title}
          {problems.length > 100 ? " (first 100)" : ""}
        </h3>
        <Button variant="outline" size="sm" onClick={onDownload}>
          <Download aria-hidden="true" /> Download problems as CSV
        </Button>
      </div>
      <div className="rounded-lg border">
        <Table aria-label={title}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-14">Row</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Problem</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {problems.slice(0, 100).map((p) => (
              <TableRow key={`${p.row}-${p.field}`}>
                <TableCell className="align-top">{p.row}</TableCell>
                <TableCell className="align-top [overflow-wrap:anywhere] whitespace-normal">{p.email || "—"}</TableCell>
                <TableCell className="align-top whitespace-normal">{p.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
