// Search, sort and category chips of the deal list: a plain GET form and links, so they work
// before (and without) any JavaScript and every state has its own URL.
import { Search } from "lucide-react";
import type { HostedSort } from "@/server/services/deals";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ChipRow } from "./chip-row";
import { hostedUi } from "./styles";

const SORT_LABELS: Record<HostedSort, string> = { recommended: "Recommended", newest: "Newest", value: "Highest value" };

export type ListFilter = { q: string; category: string; sort: HostedSort };

/** The deal list (or, with page "locked", the locked deals) with a search, category and sort. */
export function listHref(base: string, f: Partial<ListFilter>, page: "" | "locked" = ""): string {
  const p = new URLSearchParams();
  if (f.q) p.set("q", f.q);
  if (f.category) p.set("category", f.category);
  if (f.sort && f.sort !== "recommended") p.set("sort", f.sort);
  const qs = p.toString();
  // The list is `base` itself ("/" on the subdomain): `/p/{subdomain}/` would answer with a 308.
  const path = page ? `${base}/${page}` : base || "/";
  return `${path}${qs ? `?${qs}` : ""}`;
}

/** A page's search parameter as one string ("" when absent; the first of repeated ones). */
export function firstParam(v: string | string[] | undefined): string {
  return (Array.isArray(v) ? v[0] : v) ?? "";
}

export function DealFilters({ base, filter, categories }: { base: string; filter: ListFilter; categories: { slug: string; name: string }[] }) {
  return (
    <div className="space-y-3">
      {/* One row on every width (a phone's first deal starts higher): search, sort, then the button. */}
      <form method="get" action={base || "/"} role="search" className="flex items-end gap-2">
        {filter.category ? <input type="hidden" name="category" value={filter.category} /> : null}
        <div className="min-w-0 flex-1">
          <label htmlFor="deal-search" className="mb-1.5 block text-sm font-medium text-foreground">
            Search deals
          </label>
          <Input id="deal-search" name="q" type="search" defaultValue={filter.q} placeholder="Product or keyword" className="h-10" />
        </div>
        <div className="w-32 shrink-0 sm:w-44">
          <label htmlFor="deal-sort" className="mb-1.5 block text-sm font-medium text-foreground">
            Sort by
          </label>
          <select id="deal-sort" name="sort" defaultValue={filter.sort} className={`${hostedUi.field} h-10`}>
            {(Object.keys(SORT_LABELS) as HostedSort[]).map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" size="lg" className="px-3 sm:px-4">
          <Search aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Search</span>
        </Button>
      </form>
      {categories.length ? (
        <nav aria-label="Categories">
          <ChipRow className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
            {/* Classes: .filter-chip in src/app/globals.css (the current chip is styled by aria-current). */}
            <li className="shrink-0">
              <a href={listHref(base, { ...filter, category: "" })} aria-current={filter.category ? undefined : "page"} className="filter-chip">
                All
              </a>
            </li>
            {categories.map((c) => (
              <li key={c.slug} className="shrink-0">
                <a href={listHref(base, { ...filter, category: c.slug })} aria-current={c.slug === filter.category ? "page" : undefined} className="filter-chip">
                  {c.name}
                </a>
              </li>
            ))}
          </ChipRow>
        </nav>
      ) : null}
    </div>
  );
}
