"use client";
// Code uploads: a CSV file (one code per line or cell; a "code" header is skipped) or a paste, deduped
// here, sent in batches of 10,000 with a progress bar; the answer is counts only — codes are never
// shown back. 100,000 codes are ten calls.
import { useState } from "react";
import Papa from "papaparse";
import { toast } from "sonner";
import { api } from "@/trpc/react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Textarea } from "@/components/ui/textarea";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";
import { DealPicker } from "./deal-picker";

const BATCH = 10_000;

function parseCodes(text: string): string[] {
  const rows = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true }).data;
  const cells = rows.flat().map((c) => String(c).trim()).filter(Boolean);
  return cells.length && /^codes?$/i.test(cells[0]) ? cells.slice(1) : cells;
}

type Summary = { received: number; unique: number; added: number; already: number; total: number; available: number };

/** The pool's low mark: an email to your users when claims bring it down to this many codes (default 10). */
function LowMark({ dealId, dealName, threshold }: { dealId: string; dealName: string; threshold: number | null }) {
  const utils = api.useUtils();
  const [value, setValue] = useState(String(threshold ?? 10));
  const save = api.provider.setLowStockThreshold.useMutation({
    onSuccess: () => (toast.success("Alert saved"), void utils.provider.deals.invalidate()),
    onError: (e) => toast.error(e.message),
  });
  return (
    <form className="flex items-center gap-2" onSubmit={(e) => (e.preventDefault(), save.mutate({ deal_id: dealId, threshold: Number(value) }))}>
      <Label htmlFor={`low-${dealId}`} className="text-muted-foreground">
        Alert at
      </Label>
      <Input id={`low-${dealId}`} aria-label={`Low-code alert for ${dealName}`} className="w-24" type="number" min={0} value={value} onChange={(e) => setValue(e.target.value)} />
      <Button type="submit" size="sm" variant="outline" disabled={save.isPending || !/^\d+$/.test(value)}>
        Save
      </Button>
    </form>
  );
}

export function CodesUploadClient() {
  const deals = api.provider.deals.useQuery();
  const utils = api.useUtils();
  const upload = api.provider.uploadCodes.useMutation();
  const [dealId, setDealId] = useState("");
  const [text, setText] = useState("");
  const [fileCodes, setFileCodes] = useState<string[] | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);

  async function send() {
    const received = fileCodes ?? parseCodes(text);
    const unique = [...new Set(received)];
    if (!dealId || unique.length === 0) return;
    setSummary(null);
    setProgress(0);
    let added = 0;
    let last = { total: 0, available: 0 };
    try {
      for (let i = 0; i < unique.length; i += BATCH) {
        const r = await upload.mutateAsync({ deal_id: dealId, codes: unique.slice(i, i + BATCH) });
        added += r.added;
        last = r;
        setProgress(Math.round((Math.min(i + BATCH, unique.length) / unique.length) * 100));
      }
      setSummary({ received: received.length, unique: unique.length, added, already: unique.length - added, total: last.total, available: last.available });
      setText("");
      setFileCodes(null);
      void utils.provider.deals.invalidate();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setProgress(null);
    }
  }

  if (deals.isError) return <ErrorState error={deals.error} retry={() => void deals.refetch()} />;
  const list = deals.data ?? [];
  return (
    <div className="space-y-6">
      <PageHeader title="Codes" description="Upload the unique codes members receive. Duplicates are skipped; codes are never shown again, only counted." />
      <Card>
        <CardHeader>
          <CardTitle>Upload</CardTitle>
          <CardDescription>A CSV file (one code per line or cell) or pasted codes. Up to 100,000 at once.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <DealPicker id="codes-deal" deals={list} value={dealId} onChange={setDealId} />
          <div className="space-y-1">
            <Label htmlFor="codes-file">CSV file</Label>
            <Input
              id="codes-file"
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                setFileCodes(file ? parseCodes(await file.text()) : null);
              }}
            />
            {fileCodes ? <p className="text-sm text-muted-foreground">{fileCodes.length.toLocaleString()} codes in the file.</p> : null}
          </div>
          <div className="space-y-1">
            <Label htmlFor="codes-paste">Or paste codes</Label>
            <Textarea id="codes-paste" rows={5} value={text} onChange={(e) => setText(e.target.value)} disabled={Boolean(fileCodes)} />
          </div>
          {progress !== null ? <Progress value={progress} aria-label="Upload progress" /> : null}
          <Button onClick={() => void send()} disabled={!dealId || progress !== null || (!fileCodes && !text.trim())}>
            Upload codes
          </Button>
          {summary ? (
            <p role="status" className="text-sm" data-testid="upload-summary">
              {summary.added.toLocaleString()} added ({summary.received - summary.unique} repeated in the upload, {summary.already} already in the pool). The pool now has{" "}
              {summary.available.toLocaleString()} available of {summary.total.toLocaleString()}.
            </p>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Pools</CardTitle>
          <CardDescription>You get an email when a pool runs low.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="space-y-1 text-sm">
            {list.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>{d.product_name}</span>
                <span data-testid={`pool-${d.id}`}>
                  {d.codes.available.toLocaleString()} available / {d.codes.total.toLocaleString()}
                </span>
                <LowMark dealId={d.id} dealName={d.product_name} threshold={d.low_stock_threshold} />
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
