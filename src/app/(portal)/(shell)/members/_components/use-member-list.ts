"use client";
// The Members page's state: filters and search live in the URL (?q=&tier=…), so a reload, a shared
// link and back/forward keep them; the cursor stack belongs to one query; the selection keeps the
// members themselves (so "Export selected" needs no request); export and bulk delete act on them.
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { toast } from "sonner";
import { saveFile } from "@/components/portal/save-file";
import { useDebounced } from "@/components/portal/use-debounced";
import { ELIGIBILITY_VOCABULARIES, USER_TIERS } from "@/server/domain/enums";
import { MAX_BULK_MEMBERS, type MemberListInput, type PortalMember } from "@/server/schemas/member-portal.schema";
import { api } from "@/trpc/react";
import { membersCsv } from "./members-csv";
import { useSendSignInEmails } from "./send-sign-in-email";

export const ALL = "all";

type Filters = { tier: string; customer_type: string; company_size: string; signed_in: string };
const NO_FILTERS: Filters = { tier: ALL, customer_type: ALL, company_size: ALL, signed_in: ALL };
const FILTER_VALUES: Record<keyof Filters, readonly string[]> = {
  tier: USER_TIERS,
  customer_type: ELIGIBILITY_VOCABULARIES.customer_type,
  company_size: ELIGIBILITY_VOCABULARIES.company_size,
  signed_in: ["yes", "no"],
};
/** The most rows one "Export CSV" of a filter writes (pages of 100 fetched one after another). */
const MAX_EXPORT = 50_000;

/** The filters a URL names; an unknown value is no filter (a hand-edited link never breaks the page). */
function filtersOf(params: URLSearchParams): Filters {
  const pick = (key: keyof Filters) => {
    const v = params.get(key);
    return v && FILTER_VALUES[key].includes(v) ? v : ALL;
  };
  return { tier: pick("tier"), customer_type: pick("customer_type"), company_size: pick("company_size"), signed_in: pick("signed_in") };
}

const chunk = <T,>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

// Selection follows clicks and the page follows the query: both reach the cells through the table's
// meta, so the columns (and the dialogs open in their cells) survive a refetch (data-table.tsx).
export type Selection = ReadonlyMap<string, PortalMember>;

export function useMemberList(env: "live" | "sandbox") {
  const pathname = usePathname();
  const params = useSearchParams();
  const filters = filtersOf(params);
  const urlSearch = params.get("q") ?? "";
  // The box holds what is typed; the URL follows each keystroke. Back/forward change the URL under
  // it: the box then takes the URL's text (adjusted while rendering, not in an effect).
  const [search, setSearch] = useState(urlSearch);
  const [seenSearch, setSeenSearch] = useState(urlSearch);
  if (urlSearch !== seenSearch) {
    setSeenSearch(urlSearch);
    if (urlSearch !== search) setSearch(urlSearch);
  }
  const q = useDebounced(search.trim(), 250);
  // The page stack belongs to one query: another search or filter starts again at page 1.
  const queryKey = JSON.stringify([q, filters]);
  const [paging, setPaging] = useState<{ key: string; cursors: (string | null)[] }>({ key: queryKey, cursors: [null] });
  const cursors = paging.key === queryKey ? paging.cursors : [null];
  const setCursors = (next: (c: (string | null)[]) => (string | null)[]) => setPaging({ key: queryKey, cursors: next(cursors) });
  const input: MemberListInput = {
    limit: 25,
    cursor: cursors[cursors.length - 1],
    ...(q ? { search: q } : {}),
    ...(filters.tier !== ALL ? { tier: filters.tier as MemberListInput["tier"] } : {}),
    ...(filters.customer_type !== ALL ? { customer_type: filters.customer_type as MemberListInput["customer_type"] } : {}),
    ...(filters.company_size !== ALL ? { company_size: filters.company_size as MemberListInput["company_size"] } : {}),
    ...(filters.signed_in !== ALL ? { signed_in: filters.signed_in as "yes" | "no" } : {}),
  };
  const list = api.members.list.useQuery(input, { placeholderData: (prev) => prev });
  const utils = api.useUtils();
  const [selected, setSelected] = useState<Selection>(new Map());
  const bulk = useSendSignInEmails();
  const removeMany = api.members.deleteMany.useMutation();
  const [exporting, setExporting] = useState(false);
  const pageMembers = useMemo(() => list.data?.data ?? [], [list.data]);
  const allOnPage = pageMembers.length > 0 && pageMembers.every((m) => selected.has(m.id));
  // A state setter never changes: the columns may keep this one.
  const toggle = useCallback(
    (member: PortalMember, on: boolean) =>
      setSelected((s) => {
        const next = new Map(s);
        if (on) next.set(member.id, member);
        else next.delete(member.id);
        return next;
      }),
    [setSelected],
  );
  const togglePage = useCallback(
    (members: PortalMember[], on: boolean) =>
      setSelected((s) => {
        const next = new Map(s);
        for (const m of members) {
          if (on) next.set(m.id, m);
          else next.delete(m.id);
        }
        return next;
      }),
    [setSelected],
  );
  const filtered = Boolean(q) || JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  // Next.js keeps useSearchParams in step with the History API: no server round trip per keystroke.
  const writeUrl = (patch: Partial<Record<keyof Filters | "q", string>>, mode: "push" | "replace") => {
    const next = new URLSearchParams(params.toString());
    for (const [key, value] of Object.entries(patch)) {
      if (!value || value === ALL) next.delete(key);
      else next.set(key, value);
    }
    const qs = next.toString();
    window.history[mode === "push" ? "pushState" : "replaceState"](null, "", qs ? `${pathname}?${qs}` : pathname);
  };
  const typeSearch = (text: string) => {
    setSearch(text);
    writeUrl({ q: text }, "replace");
  };
  const setFilter = (key: keyof Filters) => (value: string) => writeUrl({ [key]: value }, "push");
  const clearFilters = () => {
    setSearch("");
    writeUrl({ q: "", ...NO_FILTERS }, "push");
  };

  const fileBase = `perkway-members-${env}-${new Date().toISOString().slice(0, 10)}`;
  async function exportMatching() {
    setExporting(true);
    try {
      const rows: PortalMember[] = [];
      let cursor: string | null = null;
      do {
        const page = await utils.members.list.fetch({ ...input, limit: 100, cursor });
        rows.push(...page.data);
        cursor = page.has_more ? page.next_cursor : null;
      } while (cursor && rows.length < MAX_EXPORT);
      saveFile(`${fileBase}.csv`, membersCsv(rows));
      toast.success(`Exported ${rows.length.toLocaleString("en")} member${rows.length === 1 ? "" : "s"}`);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setExporting(false);
    }
  }
  async function deleteSelected() {
    const ids = [...selected.keys()];
    let deleted = 0;
    try {
      // All or none per call; a selection larger than one call goes in calls of 100.
      for (const part of chunk(ids, MAX_BULK_MEMBERS)) deleted += (await removeMany.mutateAsync({ ids: part })).deleted;
      toast.success(`Deleted ${deleted} member${deleted === 1 ? "" : "s"}`);
      setSelected(new Map());
      setPaging({ key: queryKey, cursors: [null] });
    } catch (error) {
      toast.error(deleted ? `Deleted ${deleted} members, then: ${(error as Error).message}` : (error as Error).message);
    } finally {
      await utils.members.list.invalidate();
    }
  }

  return {
    search,
    typeSearch,
    filters,
    setFilter,
    clearFilters,
    filtered,
    list,
    cursors,
    setCursors,
    pageMembers,
    selected,
    clearSelection: () => setSelected(new Map()),
    allOnPage,
    toggle,
    togglePage,
    bulk,
    fileBase,
    exporting,
    exportMatching,
    deleteSelected,
  };
}

export type MemberList = ReturnType<typeof useMemberList>;
