"use client";
// The Members table (a card list on phones): filters and search go to the server (members.list)
// and live in the URL (?q=&tier=…), so a reload, a shared link and back/forward keep them; pages by
// cursor. Bulk actions on the selection: sign-in emails, CSV export, delete (members.deleteMany).
import type { ColumnDef } from "@tanstack/react-table";
import { Download, Mail, Pencil, Plus, Search, Trash2, Upload, UserPlus, X } from "lucide-react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { cellMeta, DataTable } from "@/components/portal/data-table";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FilterSelect } from "@/components/portal/filter-select";
import { ELIGIBILITY_VOCABULARIES, USER_TIERS } from "@/server/domain/enums";
import { MAX_BULK_MEMBERS, type MemberListInput, type PortalMember } from "@/server/schemas/member-portal.schema";
import { api } from "@/trpc/react";
import { useDebounced } from "@/components/portal/use-debounced";
import { MemberFormDialog } from "./member-form-dialog";
import { useSendSignInEmails } from "./send-sign-in-email";
import { SignInLinkButton } from "./sign-in-link-button";
import { labelOf, TIER_LABELS } from "@/server/domain/labels";
import { saveFile } from "@/components/portal/save-file";
import { membersCsv } from "./members-csv";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const ALL = "all";

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

/** Email with a break opportunity before the @ only: it never wraps inside a word. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

const chunk = <T,>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

// Selection follows clicks and the page follows the query: both reach the cells through the table's
// meta, so the columns (and the dialogs open in their cells) survive a refetch (data-table.tsx).
// The selection keeps the members themselves, so "Export selected" needs no request.
type Selection = ReadonlyMap<string, PortalMember>;
type MembersMeta = { selected: Selection; allOnPage: boolean; pageMembers: PortalMember[] };


export function MembersClient({ environment, readOnly }: { environment: "live" | "test"; readOnly: boolean }) {
  const env = environment === "test" ? "sandbox" : "live";
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

  const columns = useMemo<ColumnDef<PortalMember>[]>(
    () => [
      ...(readOnly
        ? []
        : [
            {
              id: "select",
              header: ({ table }) => {
                const { allOnPage, pageMembers } = cellMeta<MembersMeta>(table);
                return <Checkbox aria-label="Select every member on this page" checked={allOnPage} onCheckedChange={(on) => togglePage(pageMembers, on === true)} />;
              },
              cell: ({ row: { original: m }, table }) => (
                <Checkbox aria-label={`Select ${m.email}`} checked={cellMeta<MembersMeta>(table).selected.has(m.id)} onCheckedChange={(on) => toggle(m, on === true)} />
              ),
            } satisfies ColumnDef<PortalMember>,
          ]),
      {
        header: "Member",
        cell: ({ row: { original: m } }) => (
          <div className="min-w-48">
            <MemberIdentity member={m} />
          </div>
        ),
      },
      { header: "Tier", cell: ({ row }) => <Badge variant={row.original.tier === "premium" ? "default" : "secondary"}>{labelOf(TIER_LABELS, row.original.tier)}</Badge> },
      {
        header: "Signed in",
        cell: ({ row }) =>
          row.original.last_signed_in_at ? <span className="whitespace-nowrap">{dateFormat.format(new Date(row.original.last_signed_in_at))} UTC</span> : <span className="text-muted-foreground">Never</span>,
      },
      { header: "Created", cell: ({ row }) => <span className="whitespace-nowrap">{dateFormat.format(new Date(row.original.created_at))} UTC</span> },
      {
        header: () => <span className="sr-only">Actions</span>,
        id: "actions",
        cell: ({ row: { original: m } }) => (readOnly ? null : <MemberActions member={m} environment={environment} className="flex justify-end gap-1" />),
      },
    ],
    [environment, readOnly, toggle, togglePage],
  );

  // Phones: the same member, data and actions as a row, as a card.
  const card = (m: PortalMember) => (
    <article aria-label={m.email} className="rounded-xl border bg-card p-3">
      <div className="flex items-start gap-3">
        {readOnly ? null : <Checkbox className="mt-1" aria-label={`Select ${m.email}`} checked={selected.has(m.id)} onCheckedChange={(on) => toggle(m, on === true)} />}
        <div className="min-w-0 flex-1">
          <MemberIdentity member={m} />
          <dl className="mt-2 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Tier</dt>
            <dd>
              <Badge variant={m.tier === "premium" ? "default" : "secondary"}>{labelOf(TIER_LABELS, m.tier)}</Badge>
            </dd>
            <dt className="text-muted-foreground">Signed in</dt>
            <dd>{m.last_signed_in_at ? `${dateFormat.format(new Date(m.last_signed_in_at))} UTC` : "Never"}</dd>
            <dt className="text-muted-foreground">Created</dt>
            <dd>{dateFormat.format(new Date(m.created_at))} UTC</dd>
          </dl>
        </div>
      </div>
      {readOnly ? null : <MemberActions member={m} environment={environment} labels className="mt-2 -ml-2 flex flex-wrap gap-1" />}
    </article>
  );

  const addButton = (
    <MemberFormDialog
      environment={environment}
      trigger={
        <Button>
          <Plus aria-hidden="true" /> Add member
        </Button>
      }
    />
  );

  return (
    <>
      <PageHeader
        title="Members"
        description={`The people who use your ${env} deal app.`}
        actions={
          readOnly ? null : (
            <>
              <Button variant="outline" asChild>
                <Link href="/members/import">
                  <Upload aria-hidden="true" /> Import CSV
                </Link>
              </Button>
              {addButton}
            </>
          )
        }
      />
      <section aria-label="Search and filters" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex w-full flex-col gap-1.5 sm:w-64">
          <Label htmlFor="member-search">Search members</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              id="member-search"
              type="search"
              className="pl-8"
              placeholder="Email, external ID or IdP UID"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                writeUrl({ q: e.target.value }, "replace");
              }}
            />
          </div>
        </div>
        <FilterSelect id="filter-tier" label="Tier" value={filters.tier} onChange={setFilter("tier")} options={[{ value: ALL, label: "All" }, ...USER_TIERS.map((t) => ({ value: t, label: labelOf(TIER_LABELS, t) }))]} />
        <FilterSelect
          id="filter-customer-type"
          label="Customer type"
          value={filters.customer_type}
          onChange={setFilter("customer_type")}
          options={[{ value: ALL, label: "All" }, ...ELIGIBILITY_VOCABULARIES.customer_type.map((t) => ({ value: t, label: t }))]}
        />
        <FilterSelect
          id="filter-company-size"
          label="Company size"
          value={filters.company_size}
          onChange={setFilter("company_size")}
          options={[{ value: ALL, label: "All" }, ...ELIGIBILITY_VOCABULARIES.company_size.map((t) => ({ value: t, label: t }))]}
        />
        <FilterSelect
          id="filter-signed-in"
          label="Signed in"
          value={filters.signed_in}
          onChange={setFilter("signed_in")}
          options={[
            { value: ALL, label: "All" },
            { value: "yes", label: "Has signed in" },
            { value: "no", label: "Never signed in" },
          ]}
        />
        {filtered ? (
          <Button variant="ghost" onClick={clearFilters}>
            <X aria-hidden="true" /> Clear filters
          </Button>
        ) : null}
        {pageMembers.length > 0 ? (
          <Button variant="outline" disabled={exporting} onClick={() => void exportMatching()} className="sm:ml-auto">
            <Download aria-hidden="true" /> {exporting ? "Exporting…" : filtered ? "Export matching members (CSV)" : "Export all members (CSV)"}
          </Button>
        ) : null}
      </section>
      {selected.size > 0 && !readOnly ? (
        <div role="region" aria-label="Selected members" className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
          <span className="font-medium">
            {selected.size} member{selected.size === 1 ? "" : "s"} selected
          </span>
          <Button
            size="sm"
            disabled={bulk.pending}
            onClick={async () => {
              if (await bulk.send([...selected.keys()])) setSelected(new Map());
            }}
          >
            <Mail aria-hidden="true" /> {bulk.pending ? "Sending…" : "Send sign-in email"}
          </Button>
          <Button size="sm" variant="outline" onClick={() => saveFile(`${fileBase}-selected.csv`, membersCsv([...selected.values()]))}>
            <Download aria-hidden="true" /> Export selected (CSV)
          </Button>
          <ConfirmDialog
            destructive
            trigger={
              <Button size="sm" variant="outline">
                <Trash2 aria-hidden="true" /> Delete selected
              </Button>
            }
            title={`Delete ${selected.size} member${selected.size === 1 ? "" : "s"}?`}
            description={
              <>
                This erases {selected.size === 1 ? "this member and their" : `these ${selected.size} ${env} members and their`} personal data, and their sign-in links stop working. Their
                events stay counted anonymously in your analytics. This cannot be undone.
              </>
            }
            confirmLabel={`Delete ${selected.size} member${selected.size === 1 ? "" : "s"}`}
            onConfirm={deleteSelected}
          >
            <ul aria-label="Members to delete" className="max-h-40 overflow-y-auto rounded-md border px-3 py-2 text-sm">
              {[...selected.values()].slice(0, 50).map((m) => (
                <li key={m.id} className="break-words">
                  <EmailText email={m.email} />
                </li>
              ))}
              {selected.size > 50 ? <li className="text-muted-foreground">and {selected.size - 50} more</li> : null}
            </ul>
          </ConfirmDialog>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())}>
            Clear selection
          </Button>
        </div>
      ) : null}
      {list.error ? (
        <ErrorState error={list.error} retry={() => list.refetch()} title="Members could not be loaded" />
      ) : (
        <DataTable
          caption={`${env === "sandbox" ? "Sandbox" : "Live"} members`}
          columns={columns}
          data={list.data?.data}
          isLoading={list.isLoading}
          getRowId={(m) => m.id}
          meta={{ selected, allOnPage, pageMembers } satisfies MembersMeta}
          card={card}
          page={cursors.length}
          hasMore={list.data?.has_more}
          onNextPage={() => list.data?.next_cursor && setCursors((c) => [...c, list.data!.next_cursor!])}
          onPreviousPage={() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c))}
          emptyState={
            filtered ? (
              <EmptyState icon={Search} title="No members match" description="Change the search or the filters, or clear them to see every member." />
            ) : (
              <EmptyState
                icon={UserPlus}
                title={`No ${env} members yet`}
                description={`Add one here, import a CSV file, or create them from your backend through the API with your ${env} keys.`}
                action={
                  readOnly ? null : (
                    <>
                      {addButton}
                      <Button variant="outline" asChild>
                        <Link href="/members/import">
                          <Upload aria-hidden="true" /> Import CSV
                        </Link>
                      </Button>
                    </>
                  )
                }
              />
            )
          }
        />
      )}
    </>
  );
}

function MemberIdentity({ member: m }: { member: PortalMember }) {
  return (
    <>
      <Link href={`/members/${m.id}`} className="font-medium break-words underline-offset-2 hover:underline">
        <EmailText email={m.email} />
      </Link>
      {m.external_user_id || m.idp_uid ? (
        <div className="text-xs break-all text-muted-foreground">{[m.external_user_id && `External ID ${m.external_user_id}`, m.idp_uid && `IdP ${m.idp_uid}`].filter(Boolean).join(" · ")}</div>
      ) : null}
    </>
  );
}

/** A member's four actions; `labels`: text beside every icon (a card), else icons with labels on wide screens only. */
function MemberActions({ member: m, environment, className, labels = false }: { member: PortalMember; environment: "live" | "test"; className: string; labels?: boolean }) {
  const wide = labels ? undefined : "hidden 2xl:inline";
  return (
    <div className={className}>
      <SendSignInEmailButton member={m} showLabel={labels} />
      <SignInLinkButton member={m} showLabel={labels} />
      <MemberFormDialog
        member={m}
        environment={environment}
        trigger={
          <Button variant="ghost" size="sm" aria-label={`Edit ${m.email}`}>
            <Pencil aria-hidden="true" /> <span className={wide}>Edit</span>
          </Button>
        }
      />
      <DeleteMemberButton member={m} labelClass={wide} />
    </div>
  );
}

function SendSignInEmailButton({ member, showLabel }: { member: PortalMember; showLabel: boolean }) {
  const one = useSendSignInEmails();
  return (
    <Button variant="ghost" size="sm" disabled={one.pending} onClick={() => void one.send([member.id], member.email)} aria-label={`Send sign-in email to ${member.email}`} title="Send sign-in email">
      {/* Icon only beside the table's columns (four actions do not fit at 1280 px with labels). */}
      <Mail aria-hidden="true" /> {showLabel ? <span>Email link</span> : null}
    </Button>
  );
}

function DeleteMemberButton({ member, labelClass }: { member: PortalMember; labelClass?: string }) {
  const utils = api.useUtils();
  const remove = api.members.delete.useMutation();
  return (
    <ConfirmDialog
      destructive
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete ${member.email}`}>
          <Trash2 aria-hidden="true" /> <span className={labelClass}>Delete</span>
        </Button>
      }
      title={`Delete ${member.email}?`}
      description="This erases the member and their personal data, and their sign-in links stop working. Their events stay counted anonymously in your analytics. This cannot be undone."
      confirmLabel="Delete member"
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ id: member.id });
          toast.success(`Deleted ${member.email}`);
          await utils.members.list.invalidate();
        } catch (error) {
          toast.error((error as Error).message);
        }
      }}
    />
  );
}
