"use client";
// A page of the hosted app or the widget failed on the server (Next 16's segment error boundary): the
// partner's layout stays — header, branding, footer and, in the widget, the height reporter, so the
// frame keeps its height — and the page says what happened, in the member's language.
import { startTransition } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ServerErrorPanel } from "@/components/hosted/server-error-panel";

export default function HostedPageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("serverError");
  const router = useRouter();
  const words = { title: t("title"), text: t("text"), retry: t("retry"), reference: t.raw("reference") as string };
  return (
    <ServerErrorPanel
      words={words}
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
