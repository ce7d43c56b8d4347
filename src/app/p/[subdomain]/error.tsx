"use client";
// A page of the hosted app or the widget failed on the server (Next 16's segment error boundary): the
// partner's layout stays — header, branding, footer and, in the widget, the height reporter, so the
// frame keeps its height — and the page says what happened, in the member's language (<html lang>,
// the words bundled for each language: no next-intl client runtime on the member's pages).
import { startTransition, useSyncExternalStore } from "react";
import { useRouter } from "next/navigation";
import { ServerErrorPanel } from "@/components/hosted/server-error-panel";
import { serverErrorWords } from "@/components/hosted/server-error-words";

const noChange = () => () => {};

export default function HostedPageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const lang = useSyncExternalStore(noChange, () => document.documentElement.lang, () => "en");
  const router = useRouter();
  return (
    <ServerErrorPanel
      words={serverErrorWords(lang)}
      digest={error.digest}
      onRetry={() =>
        startTransition(() => {
          router.refresh();
          reset();
        })
      }
    />
  );
}
