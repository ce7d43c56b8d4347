"use client";
// Import the catalogue from a JSON or CSV file: preview (every row checked by catalog:import's own
// validation, problems listed per row), then import the valid rows with the same service. Rows with
// problems are skipped and stay listed so they can be fixed and imported again.
import { useState } from "react";
import { FileUp } from "lucide-react";
import { toast } from "sonner";
import { api, type RouterOutputs } from "@/trpc/react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

type Preview = RouterOutputs["superAdmin"]["previewCatalogImport"];
type Imported = RouterOutputs["superAdmin"]["importCatalog"];
type Row = Preview["rows"][number];

export function ImportDialog() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<{ name: string; format: "json" | "csv"; text: string } | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [imported, setImported] = useState<Imported | null>(null);
  const utils = api.useUtils();
  const check = api.superAdmin.previewCatalogImport.useMutation({ onSuccess: setPreview });
  const run = api.superAdmin.importCatalog.useMutation({
    onSuccess: async (result) => {
      setImported(result);
      toast.success(`Imported ${result.created + result.updated} deals`);
      await Promise.all([utils.superAdmin.listCatalogDeals.invalidate(), utils.superAdmin.listCategories.invalidate()]);
    },
  });

  function reset() {
    setFile(null);
    setPreview(null);
    setImported(null);
    check.reset();
    run.reset();
  }

  async function choose(f: File | undefined) {
    reset();
    if (!f) return;
    const format = /\.csv$/i.test(f.name) || f.type === "text/csv" ? "csv" : "json";
    const text = await f.text();
    setFile({ name: f.name, format, text });
    check.mutate({ format, text });
  }

  const problems = (imported?.skipped ?? preview?.rows.filter((r) => r.errors.length) ?? []) as Row[];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <FileUp aria-hidden /> Import
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import the catalogue</DialogTitle>
          <DialogDescription>
            A JSON array of catalogue entries (as for catalog:import) or a CSV with one column per field. Deals are matched by slug: existing ones are
            updated, new ones created.
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-1.5">
          <Label htmlFor="catalogue-file">Catalogue file (JSON or CSV)</Label>
          <Input id="catalogue-file" type="file" accept=".json,.csv,application/json,text/csv" onChange={(e) => void choose(e.target.files?.[0])} />
        </div>

        {check.isPending ? <p className="text-muted-foreground text-sm">Checking {file?.name}…</p> : null}
        {check.error ? (
          <Alert variant="destructive">
            <AlertTitle>The file cannot be read</AlertTitle>
            <AlertDescription>{check.error.message}</AlertDescription>
          </Alert>
        ) : null}

        {preview && !imported ? (
          <div className="space-y-3" data-testid="import-preview">
            <p className="text-sm" aria-live="polite">
              <strong>{preview.total}</strong> rows: <strong>{preview.valid}</strong> ready to import
              {preview.rows.some((r) => r.action === "update") ? ` (${preview.rows.filter((r) => r.action === "update").length} update existing deals)` : ""},{" "}
              <strong>{preview.invalid}</strong> with errors.
            </p>
            <ValidRows rows={preview.rows.filter((r) => r.action)} />
          </div>
        ) : null}

        {imported ? (
          <Alert variant={imported.skipped.length ? "warning" : "default"} role="status">
            <AlertTitle>
              Imported {imported.created} new and {imported.updated} updated deals
            </AlertTitle>
            <AlertDescription>{imported.skipped.length ? `${imported.skipped.length} rows were skipped because of the errors below.` : "Every row was imported."}</AlertDescription>
          </Alert>
        ) : null}
        {run.error ? (
          <Alert variant="destructive">
            <AlertTitle>Nothing was imported</AlertTitle>
            <AlertDescription>{run.error.message}</AlertDescription>
          </Alert>
        ) : null}

        {problems.length ? <ProblemRows rows={problems} format={file?.format ?? "json"} /> : null}

        <DialogFooter>
          {preview && !imported ? (
            <Button onClick={() => file && run.mutate({ format: file.format, text: file.text })} disabled={!preview.valid || run.isPending}>
              {run.isPending ? "Importing…" : `Import ${preview.valid} valid ${preview.valid === 1 ? "row" : "rows"}`}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Row label as the admin finds it in the file: CSV line (after the header) or JSON entry. */
function rowLabel(index: number, format: "json" | "csv") {
  return format === "csv" ? `Line ${index + 2}` : `Entry ${index + 1}`;
}

function ProblemRows({ rows, format }: { rows: Row[]; format: "json" | "csv" }) {
  return (
    <section aria-labelledby="import-errors-title" className="space-y-2">
      <h3 id="import-errors-title" className="text-sm font-semibold">
        Rows with errors ({rows.length})
      </h3>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Row</TableHead>
            <TableHead>Slug</TableHead>
            <TableHead>Errors</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.index} data-testid="import-error-row">
              <TableCell className="whitespace-nowrap">{rowLabel(r.index, format)}</TableCell>
              <TableCell className="font-mono text-xs break-all">{r.slug ?? "—"}</TableCell>
              <TableCell>
                <ul className="space-y-1">
                  {r.errors.map((e, i) => (
                    <li key={i} className="text-destructive text-sm break-words">
                      {e.param ? <span className="font-mono">{e.param}</span> : null} {e.message.replace(new RegExp(`^${escapeRe(e.param)}:? ?`), "")}
                    </li>
                  ))}
                </ul>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

function ValidRows({ rows }: { rows: Row[] }) {
  if (!rows.length) return null;
  const shown = rows.slice(0, 10);
  return (
    <details className="rounded-md border p-3">
      <summary className="cursor-pointer text-sm font-medium">Rows ready to import ({rows.length})</summary>
      <ul className="mt-2 space-y-1 text-sm">
        {shown.map((r) => (
          <li key={r.index} className="flex flex-wrap items-center gap-2">
            <Badge variant={r.action === "create" ? "default" : "secondary"}>{r.action === "create" ? "New" : "Update"}</Badge>
            <span className="break-all">{r.product_name ?? r.slug}</span>
          </li>
        ))}
        {rows.length > shown.length ? <li className="text-muted-foreground">…and {rows.length - shown.length} more</li> : null}
      </ul>
    </details>
  );
}

function escapeRe(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
