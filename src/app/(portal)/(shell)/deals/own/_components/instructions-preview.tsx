"use client";
// Live preview of the redemption instructions: the server's sanitizer and placeholder filling
// (ownDeals.previewInstructions → redemption-html.ts, the same code as /v1 instructions), with a
// sample member's values. The HTML shown is the sanitized output, never the raw input.
import { api } from "@/trpc/react";
import { Skeleton } from "@/components/ui/skeleton";
import { useDebounced } from "@/components/portal/use-debounced";
import { useCan } from "@/components/portal/use-can";

/** The hosted app's instruction styles (src/components/hosted/redemption-panel.tsx): numbered and bulleted lists keep their markers. */
export const INSTRUCTIONS_PREVIEW_CLASS =
  "max-w-none space-y-2 break-words text-sm [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5";

/** Not shown to roles without member personal data (developers): the sample is a real member. */
export function InstructionsPreview(props: { instructions: string; redeemUrl: string }) {
  return useCan("ownDeals.previewInstructions") ? <InstructionsPreviewPanel {...props} /> : null;
}

function InstructionsPreviewPanel({ instructions, redeemUrl }: { instructions: string; redeemUrl: string }) {
  const input = useDebounced({ instructions, redeem_url: redeemUrl }, 300);
  const preview = api.ownDeals.previewInstructions.useQuery(input, { placeholderData: (prev) => prev });
  return (
    <section aria-label="Instructions preview" className="flex flex-col gap-2 rounded-md border bg-muted/40 p-3">
      <h3 className="text-sm font-medium">Preview for a sample member</h3>
      {preview.error ? (
        <p role="alert" className="text-sm text-destructive">
          The preview could not be rendered: {preview.error.message}
        </p>
      ) : !preview.data ? (
        <Skeleton className="h-16 w-full" />
      ) : (
        <>
          <p className="text-xs text-muted-foreground">
            Placeholders filled for {preview.data.sample.email} (user id {preview.data.sample.user_id}, your id {preview.data.sample.external_user_id}).
          </p>
          {preview.data.html ? (
            // Sanitized on the server by the same allow-list as GET /v1/deals/{id}/instructions.
            // Lists styled as the hosted app styles them (issue 44: Tailwind's reset dropped the numbers).
            <div data-testid="instructions-preview" className={INSTRUCTIONS_PREVIEW_CLASS} dangerouslySetInnerHTML={{ __html: preview.data.html }} />
          ) : (
            <p className="text-sm text-muted-foreground">No instructions yet.</p>
          )}
          {preview.data.redeem_url ? (
            <p className="break-all text-xs">
              Redeem URL: <span className="font-mono">{preview.data.redeem_url}</span>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
