"use client";
// The import wizard: file → preview and column mapping → validation → chunked import with a
// progress bar → summary. Every step is plain buttons, labels and native controls (keyboard only).
import { AlertTriangle, CheckCircle2, Download, FileUp, RotateCcw } from "lucide-react";
import Link from "next/link";
import Papa from "papaparse";
import { useMemo, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { MAX_BATCH_USERS } from "@/server/schemas/user.schema";
import { api } from "@/trpc/react";
import { toCsv } from "@/lib/csv-formula";
import { saveFile } from "@/components/portal/save-file";
import { TARGET_FIELDS, guessMapping, rowNumberOf, validateRows, type Mapping, type RowProblem } from "./csv-import";

const NOT_IMPORTED = "__none__";
const PREVIEW_ROWS = 5;
const PARALLEL_CHUNKS = 2;
const MAX_ROWS = 100_000;

type Parsed = { fileName: string; headers: string[]; rows: Record<string, string | undefined>[] };
type Summary = { created: number; alreadyExisted: number; problems: RowProblem[]; seconds: number };

export function ImportClient({ environment, readOnly }: { environment: "live" | "test"; readOnly: boolean }) {
  const env = environment === "test" ? "sandbox" : "live";
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const importBatch = api.members.importBatch.useMutation();
  const utils = api.useUtils();

  const validation = useMemo(() => (parsed && mapping.email ? validateRows(parsed.rows, mapping) : null), [parsed, mapping]);
  const running = progress !== null && summary === null;

  function onFile(file: File | undefined) {
    setParsed(null);
    setSummary(null);
    setProgress(null);
    setParseError(null);
    setRunError(null);
    if (!file) return;
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: "greedy",
      transformHeader: (h) => h.trim(),
      complete(result) {
        const headers = (result.meta.fields ?? []).filter(Boolean);
        if (!headers.length || !result.data.length) {
          setParseError("The file has no rows under a header row. The first row must name the columns (for example: email, external_user_id, tier).");
          return;
        }
        if (result.data.length > MAX_ROWS) {
          setParseError(`The file has ${result.data.length.toLocaleString("en")} rows; import at most ${MAX_ROWS.toLocaleString("en")} at a time.`);
          return;
        }
        setParsed({ fileName: file.name, headers, rows: result.data });
        setMapping(guessMapping(headers));
      },
      error(err) {
        setParseError(`The file could not be read as CSV: ${err.message}`);
      },
    });
  }

  async function runImport() {
    if (!parsed || !validation) return;
    const started = performance.now();
    const { valid } = validation;
    const chunks: (typeof valid)[] = [];
    for (let i = 0; i < valid.length; i += MAX_BATCH_USERS) chunks.push(valid.slice(i, i + MAX_BATCH_USERS));
    const totals = { created: 0, alreadyExisted: 0 };
    const problems: RowProblem[] = [...validation.problems];
    setRunError(null);
    setProgress({ done: validation.problems.length, total: parsed.rows.length });
    let next = 0;
    let failed: string | null = null;
    // A few chunks in flight: the server does each in a constant number of statements.
    async function worker() {
      while (next < chunks.length && !failed) {
        const chunk = chunks[next++];
        try {
          const out = await importBatch.mutateAsync({ users: chunk.map((r) => r.input) });
          totals.created += out.created;
          totals.alreadyExisted += out.already_existed;
          for (const e of out.errors) {
            const source = chunk[e.index];
            const field = (e.error.param ?? "").replace(/^users\[\d+\]\.?/, "") || "row";
            problems.push({ row: rowNumberOf(source.dataIndex), email: String(source.input.email ?? ""), field, message: e.error.message });
          }
          setProgress((p) => (p ? { ...p, done: p.done + chunk.length } : p));
        } catch (error) {
          failed = (error as Error).message;
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(PARALLEL_CHUNKS, chunks.length) }, worker));
    await utils.members.list.invalidate();
    if (failed) setRunError(`The import stopped: ${failed} Rows already imported stay; run the same file again to finish (existing emails are skipped).`);
    problems.sort((x, y) => x.row - y.row);
    setSummary({ ...totals, problems, seconds: (performance.now() - started) / 1000 });
  }

  function downloadProblems() {
    if (!summary) return;
    const rows = summary.problems.map((p) => [p.row, p.email, p.field, p.message]);
    saveFile(`import-errors-${parsed?.fileName.replace(/\.csv$/i, "") ?? "members"}.csv`, toCsv(["row", "email", "field", "error"], rows));
  }

  function reset() {
    setParsed(null);
    setSummary(null);
    setProgress(null);
    setMapping({});
    if (fileInput.current) fileInput.current.value = "";
    fileInput.current?.focus();
  }

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

      {parsed ? (
        <Card>
          <CardHeader>
            <CardTitle>2. Check the columns</CardTitle>
            <CardDescription>
              {parsed.fileName}: {parsed.rows.length.toLocaleString("en")} rows. Each field takes the column picked for it; columns were matched by their names.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            <div>
              <h3 className="mb-2 text-sm font-semibold">First {Math.min(PREVIEW_ROWS, parsed.rows.length)} rows</h3>
              <div className="rounded-lg border">
                <Table aria-label="Preview of the first rows">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Row</TableHead>
                      {parsed.headers.map((h) => (
                        <TableHead key={h}>{h}</TableHead>
                      ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {parsed.rows.slice(0, PREVIEW_ROWS).map((row, i) => (
                      <TableRow key={i}>
                        <TableCell>{rowNumberOf(i)}</TableCell>
                        {parsed.headers.map((h) => (
                          <TableCell key={h} className="max-w-48 truncate">
                            {row[h]}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            </div>
            <fieldset disabled={running}>
              <legend className="mb-3 text-sm font-semibold">Column for each field</legend>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {TARGET_FIELDS.map((field) => {
                  const id = `map-${field.key.replace(/\W/g, "-")}`;
                  return (
                    <div key={field.key} className="flex flex-col gap-1.5">
                      <Label htmlFor={id}>
                        {field.label}
                        {field.key === "email" ? " (required)" : ""}
                      </Label>
                      <Select value={mapping[field.key] ?? NOT_IMPORTED} onValueChange={(v) => setMapping((m) => ({ ...m, [field.key]: v === NOT_IMPORTED ? undefined : v }))}>
                        <SelectTrigger id={id} className="w-full">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          <SelectItem value={NOT_IMPORTED}>Not imported</SelectItem>
                          {parsed.headers.map((h) => (
                            <SelectItem key={h} value={h}>
                              {h}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    </div>
                  );
                })}
              </div>
            </fieldset>
          </CardContent>
        </Card>
      ) : null}

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
                {validation.problems.length ? `; ${validation.problems.length.toLocaleString("en")} have problems and will be listed after the import.` : "."}
              </p>
            ) : null}
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

      {summary ? (
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
            {summary.problems.length ? (
              <div className="flex flex-col gap-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="text-sm font-semibold">Rows not imported{summary.problems.length > 100 ? " (first 100)" : ""}</h3>
                  <Button variant="outline" size="sm" onClick={downloadProblems}>
                    <Download aria-hidden="true" /> Download errors as CSV
                  </Button>
                </div>
                <div className="rounded-lg border">
                  <Table aria-label="Rows not imported">
                    <TableHeader>
                      <TableRow>
                        <TableHead>Row</TableHead>
                        <TableHead>Email</TableHead>
                        <TableHead>Problem</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {summary.problems.slice(0, 100).map((p) => (
                        <TableRow key={`${p.row}-${p.field}`}>
                          <TableCell>{p.row}</TableCell>
                          <TableCell className="min-w-40 [overflow-wrap:anywhere]">{p.email || "—"}</TableCell>
                          <TableCell className="whitespace-normal">{p.message}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <Link href="/members">See members</Link>
              </Button>
              <Button variant="outline" onClick={reset}>
                <RotateCcw aria-hidden="true" /> Import another file
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
