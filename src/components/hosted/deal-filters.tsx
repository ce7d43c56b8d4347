// Search, sort and category chips of the deal list: a plain GET form and links, so they work
// before (and without) any JavaScript and every state has its own URL.
import { SearchIcon } from "./icons";
import type { HostedSort } from "@perkway/server/services/deals";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ChipRow } from "./chip-row";
import { hostedUi } from "./styles";
import { useTranslations } from "next-intl";

const SORT_KEYS = { for_you: "sortForYou", recommended: "sortRecommended", newest: "sortNewest", value: "sortValue" } as const satisfies Record<HostedSort, string>;

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
  const t = useTranslations("filters");
  return (
    <div className="space-y-3">
      {/* From 640 px one row: search, sort, then the button. On a phone the search field has the
          whole width (its placeholder is not cut in any language), and sort and the button share
          the second row with the sort label beside its select, so the list still starts high. */}
      <form method="get" action={base || "/"} role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        {filter.category ? <input type="hidden" name="category" value={filter.category} /> : null}
        <div className="min-w-0 sm:flex-1">
          <label htmlFor="deal-search" className="mb-1.5 block text-sm font-medium text-foreground">
            {t("search")}
          </label>
          <Input id="deal-search" name="q" type="search" defaultValue={filter.q} placeholder={t("searchPlaceholder")} className="h-10" />
        </div>
        <div className="flex items-end gap-2">
          <div className="flex min-w-0 flex-1 items-center gap-2 sm:block sm:w-44 sm:flex-none">
            <label htmlFor="deal-sort" className="shrink-0 text-sm font-medium text-foreground sm:mb-1.5 sm:block">
              {t("sortBy")}
            </label>
            <select id="deal-sort" name="sort" defaultValue={filter.sort} className={`${hostedUi.field} h-10`}>
              {(Object.keys(SORT_KEYS) as HostedSort[]).map((s) => (
                <option key={s} value={s}>
                  {t(SORT_KEYS[s])}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" size="lg" className="px-3 sm:px-4">
            <SearchIcon />
            <span className="sr-only sm:not-sr-only">{t("submit")}</span>
          </Button>
        </div>
      </form>
      {categories.length ? (
        <nav aria-label={t("categories")}>
          <ChipRow className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
            {/* Classes: .filter-chip in src/app/globals.css (the current chip is styled by aria-current). */}
            <li className="shrink-0">
              <a href={listHref(base, { ...filter, category: "" })} aria-current={filter.category ? undefined : "page"} className="filter-chip">
                {t("all")}
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
