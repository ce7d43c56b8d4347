"use client";
// The root layout failed: Next 16 renders this in its place, with its own <html> and <body>. Branded
// and in the browser's language for members (the portal's admins read English); in the widget it
// keeps reporting its height, so the frame does not collapse on the partner's page.
import { useSyncExternalStore } from "react";
import { EmbedHeight } from "@/components/hosted/embed-height";
import { ServerErrorPanel } from "@/components/hosted/server-error-panel";
import { serverErrorWords } from "@/components/hosted/server-error-words";
import "./globals.css";

const noChange = () => () => {};

export default function GlobalError({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  const lang = useSyncExternalStore(noChange, () => navigator.language, () => "en");
  const words = serverErrorWords(lang);
  return (
    <html lang={lang} dir={lang.toLowerCase().startsWith("ar") ? "rtl" : "ltr"}>
      <body>
        <div className="flex flex-col bg-background text-foreground" data-surface="error">
          <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-4 sm:py-6">
            <p className="pt-8 text-center text-sm font-semibold tracking-wide text-muted-foreground">Perkway</p>
            <ServerErrorPanel words={words} digest={error.digest} onRetry={() => window.location.reload()} />
          </main>
          <EmbedHeight />
        </div>
      </body>
    </html>
  );
}
