"use client";
// The import wizard's last step: what was created, what existed, and the rows not imported (the
// first 100 on the page, all of them in the downloadable CSV).
import { CheckCircle2, RotateCcw } from "lucide-react";
import Link from "next/link";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ImportProblems } from "./import-problems";
import type { Summary } from "./use-csv-import";

export function ImportSummary({ summary, runError, onDownloadProblems, onReset }: { summary: Summary; runError: string | null; onDownloadProblems: () => void; onReset: () => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CheckCircle2 className="size-5 text-primary" aria-hidden="true" /> Import summary
        </CardTitle>
        <CardDescription>Finished in {summary.seconds.toFixed(1)} s.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {runError ? (
          <Alert variant="destructive">
            <AlertTitle>Not every row was sent</AlertTitle>
            <AlertDescription>{runError}</AlertDescription>
          </Alert>
        ) : null}
        <dl className="grid grid-cols-3 gap-3 text-center" aria-label="Import results">
          <div className="rounded-lg border p-3">
            <dt className="text-sm text-muted-foreground">Created</dt>
            <dd className="text-2xl font-semibold" data-testid="import-created">{summary.created.toLocaleString("en")}</dd>
          </div>
          <div className="rounded-lg border p-3">
            <dt className="text-sm text-muted-foreground">Already existed</dt>
            <dd className="text-2xl font-semibold" data-testid="import-existing">{summary.alreadyExisted.toLocaleString("en")}</dd>
          </div>
          <div className="rounded-lg border p-3">
            <dt className="text-sm text-muted-foreground">Errors</dt>
            <dd className="text-2xl font-semibold" data-testid="import-errors">{summary.problems.length.toLocaleString("en")}</dd>
          </div>
        </dl>
        <ImportProblems problems={summary.problems} title="Rows not imported" onDownload={onDownloadProblems} />
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link href="/members">See members</Link>
          </Button>
          <Button variant="outline" onClick={onReset}>
            <RotateCcw aria-hidden="true" /> Import another file
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
