"use client";
// Export the whole catalogue as a JSON or CSV download (the files the import reads back).
import { useState } from "react";
import { Download } from "lucide-react";
import { toast } from "sonner";
import { api } from "@/trpc/react";
import { Button } from "@/components/ui/button";

export function ExportButtons() {
  const utils = api.useUtils();
  const [busy, setBusy] = useState<"json" | "csv" | null>(null);

  async function download(format: "json" | "csv") {
    setBusy(format);
    try {
      const file = await utils.superAdmin.exportCatalog.fetch({ format }, { staleTime: 0 });
      const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
      const a = document.createElement("a");
      a.href = url;
      a.download = file.filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast.success(`Exported ${file.count} deals`);
    } catch (e) {
      toast.error(`Export failed: ${(e as Error).message}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Button variant="outline" onClick={() => void download("json")} disabled={busy !== null}>
        <Download aria-hidden /> {busy === "json" ? "Exporting…" : "Export JSON"}
      </Button>
      <Button variant="outline" onClick={() => void download("csv")} disabled={busy !== null}>
        <Download aria-hidden /> {busy === "csv" ? "Exporting…" : "Export CSV"}
      </Button>
    </>
  );
}
