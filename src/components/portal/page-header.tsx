import type { ReactNode } from "react";

/**
 * A page's title, one line on what it is for, and its main actions (right, or below on phones).
 * Beside the text (sm and up) the actions keep their width and the text wraps: shrinking both by
 * their natural widths pushed a long description's "Add endpoint" 69 px past the page at 1280 px
 * (issue 44 item 13). Below sm they stack and wrap inside the page.
 */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex max-w-full min-w-0 flex-wrap items-center gap-2 sm:max-w-1/2 sm:shrink-0 sm:justify-end">{actions}</div> : null}
    </div>
  );
}
