"use client";
// The import wizard's state: the parsed file, the column mapping, the validation of every row, and
// the chunked import (a few batches in flight) with its progress and summary.
import { useMemo, useRef, useState } from "react";
import { saveFile } from "@/components/portal/save-file";
import { toCsv } from "@/lib/csv-formula";
import { MAX_BATCH_USERS } from "@/server/schemas/user.schema";
import { api } from "@/trpc/react";
import { guessMapping, readMembersCsv, rowNumberOf, validateRows, type Mapping, type Parsed, type RowProblem } from "./csv-import";

const PARALLEL_CHUNKS = 2;
export type Summary = { created: number; alreadyExisted: number; problems: RowProblem[]; seconds: number };

export function useCsvImport() {
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
    void readMembersCsv(file).then((read) => {
      if (!read.ok) {
        setParseError(read.error);
        return;
      }
      setParsed(read.parsed);
      setMapping(guessMapping(read.parsed.headers));
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

  /** The summary's problems after an import, the file's own before it. */
  function downloadProblems() {
    const problems = summary?.problems ?? validation?.problems ?? [];
    const rows = problems.map((p) => [p.row, p.email, p.field, p.message]);
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

  return { parsed, parseError, mapping, setMapping, progress, summary, runError, fileInput, validation, running, onFile, runImport, downloadProblems, reset };
}
