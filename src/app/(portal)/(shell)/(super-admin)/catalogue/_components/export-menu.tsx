"use client";
// Export the whole catalogue as a JSON or CSV download (the files the import reads back): one
// "Export" menu, so the page's header actions stay on one line at 1280 px.
import { useState } from "react";
import { ChevronDown, Download } from "lucide-react";
import { toast } from "sonner";
import { saveFile } from "@/components/portal/save-file";
import { api } from "@/trpc/react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

export function ExportMenu() {
  const utils = api.useUtils();
  const [busy, setBusy] = useState<"json" | "csv" | null>(null);

  async function download(format: "json" | "csv") {
    setBusy(format);
    try {
      const file = await utils.superAdmin.exportCatalog.fetch({ format }, { staleTime: 0 });
      saveFile(file.filename, file.content, file.mimeType);
      toast.success(`Exported ${file.count} deals`);
    } catch (e) {
      toast.error(`Export failed: ${(e as Error).message}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={busy !== null}>
          <Download aria-hidden /> {busy ? "Exporting…" : "Export"} <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void download("json")}>JSON file (for re-import)</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void download("csv")}>CSV file (spreadsheets)</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
