"use client";
// The frame of a portal page about one thing (a member, a partner, a deal): a back link to its list,
// then a skeleton while it loads, the error with a retry, or the page itself.
import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { ErrorState } from "@/components/portal/error-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

/** What the frame reads of a query (a tRPC useQuery result fits, or several queries folded into one). */
type DetailQuery<T> = { data: T | undefined; isPending: boolean; error: unknown; refetch: () => unknown };

const DEFAULT_SKELETON = { className: "space-y-3", bars: ["h-9 w-64", "h-40 w-full", "h-40 w-full"] } as const;

export function DetailPage<T>({
  back,
  header,
  query,
  loadingLabel,
  skeleton = DEFAULT_SKELETON,
  after,
  children,
}: {
  back: { href: string; label: string };
  /** shown under the back link whatever the query's state (a page header that does not need the data) */
  header?: ReactNode;
  query: DetailQuery<T>;
  /** the skeleton's accessible name, e.g. "Loading member" */
  loadingLabel: string;
  /** the skeleton's spacing and the class names of its bars */
  skeleton?: { className: string; bars: readonly string[] };
  /** shown after the body whatever the query's state */
  after?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <div className="space-y-6">
      <Button asChild variant="link" className="px-0">
        <Link href={back.href}>
          <ArrowLeft aria-hidden /> {back.label}
        </Link>
      </Button>
      {header}
      {query.error ? (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : query.isPending || query.data === undefined ? (
        <div className={skeleton.className} role="status" aria-label={loadingLabel}>
          {skeleton.bars.map((bar, i) => (
            <Skeleton key={i} className={bar} />
          ))}
        </div>
      ) : (
        children(query.data)
      )}
      {after}
    </div>
  );
}
