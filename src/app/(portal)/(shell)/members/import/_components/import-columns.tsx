"use client";
// Step 2 of the import wizard: the file's first rows, and the column picked for each field.
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TARGET_FIELDS, rowNumberOf, type Mapping } from "./csv-import";
import type { Parsed } from "./csv-import";

const NOT_IMPORTED = "__none__";
const PREVIEW_ROWS = 5;

export function ImportColumns({ parsed, mapping, setMapping, running }: { parsed: Parsed; mapping: Mapping; setMapping: (next: (m: Mapping) => Mapping) => void; running: boolean }) {
  return (
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
  );
}
