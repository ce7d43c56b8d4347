"use client";
// The partner's layout itself failed (e.g. its branding could not be read): Next renders this boundary
// inside the root layout, without the partner's frame or next-intl's provider. It still says what
// happened in the page's language (<html lang>, set by the root layout) and, in the widget, keeps
// reporting its height so the frame does not collapse on the partner's page.
import { useSyncExternalStore } from "react";
import { EmbedHeight } from "@/components/hosted/embed-height";
import { ServerErrorPanel } from "@/components/hosted/server-error-panel";
import { serverErrorWords } from "@/components/hosted/server-error-words";

const noChange = () => () => {};

export default function HostedFrameError({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  const lang = useSyncExternalStore(noChange, () => document.documentElement.lang, () => "en");
  return (
    <div className="flex flex-col bg-background text-foreground" data-surface="error">
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-4 sm:py-6">
        <ServerErrorPanel words={serverErrorWords(lang)} digest={error.digest} onRetry={() => window.location.reload()} />
      </main>
      <EmbedHeight />
    </div>
  );
}
