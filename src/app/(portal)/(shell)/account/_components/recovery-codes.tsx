"use client";
// Recovery codes, shown once right after they were made: copy or download them now.
import { Download } from "lucide-react";
import { CopyButton } from "@/components/portal/copy-button";
import { saveFile } from "@/components/portal/save-file";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const text = `Perkway recovery codes for ${email}\nEach code signs you in once when you cannot use your authenticator app.\n\n${codes.join("\n")}\n`;
  return (
    <Alert>
      <AlertTitle>Save your recovery codes now</AlertTitle>
      <AlertDescription>
        <p>They are shown only this once. Each one signs you in once if you lose your authenticator app.</p>
        <ul aria-label="Recovery codes" data-testid="recovery-codes" className="my-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => saveFile("perkway-recovery-codes.txt", text, "text/plain")}>
            <Download aria-hidden="true" /> Download
          </Button>
          <CopyButton value={codes.join("\n")} label="Copy recovery codes" />
          <Button size="sm" onClick={onDone}>
            I have saved them
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
