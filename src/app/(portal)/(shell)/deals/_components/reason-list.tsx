// The engine's reasons, in words, with their code (docs/decisions/visibility-reasons.md).
import type { ReasonView } from "@/server/schemas/portal-deals.schema";

export function ReasonList({ reasons, label }: { reasons: ReasonView[]; label: string }) {
  if (reasons.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-1 flex list-disc flex-col gap-0.5 pl-4 text-xs text-muted-foreground">
      {reasons.map((r, i) => (
        <li key={`${r.code}-${i}`} data-reason-code={r.code}>
          {r.text}
        </li>
      ))}
    </ul>
  );
}
