"use client";
// The import wizard: file → preview and column mapping → validation → chunked import with a
// progress bar → summary (state: use-csv-import.ts). Every step is plain buttons, labels and native
// controls (keyboard only).
import { AlertTriangle, FileUp } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { ImportColumns } from "./import-columns";
import { ImportProblems } from "./import-problems";
import { ImportSummary } from "./import-summary";
import { useCsvImport } from "./use-csv-import";

export function ImportClient({ environment, readOnly }: { environment: "live" | "test"; readOnly: boolean }) {
  const env = environment === "test" ? "sandbox" : "live";
  const { parsed, parseError, mapping, setMapping, progress, summary, runError, fileInput, validation, running, onFile, runImport, downloadProblems, reset } = useCsvImport();

  if (readOnly) {
    return (
      <Alert>
        <AlertTitle>Read-only</AlertTitle>
        <AlertDescription>You are viewing this partner&apos;s portal read-only: imports are made by the partner&apos;s admins.</AlertDescription>
      </Alert>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>1. Choose a CSV file</CardTitle>
          <CardDescription>
            A header row, then one member per row. Only email is required. Lists (regions, user types, eligibility) go in one cell, separated by semicolons or commas. Up to 1,000 rows are sent per request.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          <Label htmlFor="csv-file">CSV file</Label>
          <Input id="csv-file" ref={fileInput} type="file" accept=".csv,text/csv" disabled={running} onChange={(e) => onFile(e.target.files?.[0])} className="max-w-md" />
          {parseError ? (
            <Alert variant="destructive">
              <AlertTriangle aria-hidden="true" />
              <AlertTitle>This file cannot be imported</AlertTitle>
              <AlertDescription>{parseError}</AlertDescription>
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      {parsed ? <ImportColumns parsed={parsed} mapping={mapping} setMapping={setMapping} running={running} /> : null}

      {parsed ? (
        <Card>
          <CardHeader>
            <CardTitle>3. Import</CardTitle>
            <CardDescription>Every row is checked before anything is sent.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {!mapping.email ? (
              <Alert variant="warning">
                <AlertTitle>Pick the email column</AlertTitle>
                <AlertDescription>Every member needs an email: choose the column that holds it above.</AlertDescription>
              </Alert>
            ) : validation ? (
              <p className="text-sm" role="status">
                {validation.valid.length.toLocaleString("en")} of {parsed.rows.length.toLocaleString("en")} rows are ready to import
                {validation.problems.length ? `; ${validation.problems.length.toLocaleString("en")} have problems and will not be imported: fix them in the file and choose it again, or import the others.` : "."}
              </p>
            ) : null}
            {validation && !summary ? <ImportProblems problems={validation.problems} title="Rows with problems" onDownload={downloadProblems} /> : null}
            {progress ? (
              <div className="flex flex-col gap-2">
                <Progress value={Math.round((progress.done / Math.max(progress.total, 1)) * 100)} aria-label="Import progress" />
                <p className="text-sm text-muted-foreground" aria-live="polite">
                  {summary ? "Import finished." : `Imported ${progress.done.toLocaleString("en")} of ${progress.total.toLocaleString("en")} rows…`}
                </p>
              </div>
            ) : null}
            {!summary ? (
              <div>
                <Button onClick={runImport} disabled={!validation || validation.valid.length === 0 || running}>
                  <FileUp aria-hidden="true" /> {running ? "Importing…" : `Import ${validation?.valid.length.toLocaleString("en") ?? ""} ${env} members`}
                </Button>
              </div>
            ) : null}
          </CardContent>
        </Card>
      ) : null}

      {summary ? <ImportSummary summary={summary} runError={runError} onDownloadProblems={downloadProblems} onReset={reset} /> : null}
    </div>
  );
}
