"use client";
// The Members table: filters and search go to the server (members.list), pages by cursor.
import type { ColumnDef } from "@tanstack/react-table";
import { Mail, Pencil, Plus, Search, Trash2, Upload, UserPlus, X } from "lucide-react";
import Link from "next/link";
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
import type { MemberListInput, PortalMember } from "@/server/schemas/member-portal.schema";
import { api } from "@/trpc/react";
import { useDebounced } from "@/components/portal/use-debounced";
import { MemberFormDialog } from "./member-form-dialog";
import { useSendSignInEmails } from "./send-sign-in-email";
import { SignInLinkButton } from "./sign-in-link-button";
import { labelOf, TIER_LABELS } from "@/server/domain/labels";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const ALL = "all";

type Filters = { tier: string; customer_type: string; company_size: string; signed_in: string };
const NO_FILTERS: Filters = { tier: ALL, customer_type: ALL, company_size: ALL, signed_in: ALL };

// Selection follows clicks and the page follows the query: both reach the cells through the table's
// meta, so the columns (and the dialogs open in their cells) survive a refetch (data-table.tsx).
type MembersMeta = { selected: ReadonlySet<string>; allOnPage: boolean; pageIds: string[] };


export function MembersClient({ environment, readOnly }: { environment: "live" | "test"; readOnly: boolean }) {
  const env = environment === "test" ? "sandbox" : "live";
  const [search, setSearch] = useState("");
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const q = useDebounced(search.trim(), 250);
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
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const bulk = useSendSignInEmails();
  const pageIds = useMemo(() => (list.data?.data ?? []).map((m) => m.id), [list.data]);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  // A state setter never changes: the columns may keep this one.
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const filtered = Boolean(q) || JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const setFilter = (key: keyof Filters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setCursors([null]);
  };

  const columns = useMemo<ColumnDef<PortalMember>[]>(
    () => [
      ...(readOnly
        ? []
        : [
            {
              id: "select",
              header: ({ table }) => {
                const { allOnPage, pageIds } = cellMeta<MembersMeta>(table);
                return (
                  <Checkbox
                    aria-label="Select every member on this page"
                    checked={allOnPage}
                    onCheckedChange={(on) => setSelected((s) => (on === true ? new Set([...s, ...pageIds]) : new Set([...s].filter((id) => !pageIds.includes(id)))))}
                  />
                );
              },
              cell: ({ row: { original: m }, table }) => (
                <Checkbox aria-label={`Select ${m.email}`} checked={cellMeta<MembersMeta>(table).selected.has(m.id)} onCheckedChange={(on) => toggle(m.id, on === true)} />
              ),
            } satisfies ColumnDef<PortalMember>,
          ]),
      {
        header: "Member",
        cell: ({ row: { original: m } }) => (
          <div className="min-w-48 sm:min-w-64">
            <Link href={`/members/${m.id}`} className="font-medium underline-offset-2 hover:underline [overflow-wrap:anywhere]">
              {m.email}
            </Link>
            {m.external_user_id || m.idp_uid ? (
              <div className="text-xs text-muted-foreground break-all">
                {[m.external_user_id && `External ID ${m.external_user_id}`, m.idp_uid && `IdP ${m.idp_uid}`].filter(Boolean).join(" · ")}
              </div>
            ) : null}
            {/* Phones: the actions sit under the email instead of off-screen to the right. */}
            {readOnly ? null : <MemberActions member={m} environment={environment} className="mt-1 -ml-2 flex sm:hidden" />}
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
        cell: ({ row: { original: m } }) => (readOnly ? null : <MemberActions member={m} environment={environment} className="hidden justify-end gap-1 sm:flex" />),
      },
    ],
    [environment, readOnly, toggle],
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
                setCursors([null]);
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
          <Button
            variant="ghost"
            onClick={() => {
              setSearch("");
              setFilters(NO_FILTERS);
              setCursors([null]);
            }}
          >
            <X aria-hidden="true" /> Clear filters
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
              if (await bulk.send([...selected])) setSelected(new Set());
            }}
          >
            <Mail aria-hidden="true" /> {bulk.pending ? "Sending…" : "Send sign-in email"}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
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
          meta={{ selected, allOnPage, pageIds } satisfies MembersMeta}
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

function MemberActions({ member: m, environment, className }: { member: PortalMember; environment: "live" | "test"; className: string }) {
  return (
    <div className={className}>
      <SendSignInEmailButton member={m} />
      <SignInLinkButton member={m} />
      <MemberFormDialog
        member={m}
        environment={environment}
        trigger={
          <Button variant="ghost" size="sm" aria-label={`Edit ${m.email}`}>
            <Pencil aria-hidden="true" /> <span className="sm:hidden 2xl:inline">Edit</span>
          </Button>
        }
      />
      <DeleteMemberButton member={m} />
    </div>
  );
}

function SendSignInEmailButton({ member }: { member: PortalMember }) {
  const one = useSendSignInEmails();
  return (
    <Button variant="ghost" size="sm" disabled={one.pending} onClick={() => void one.send([member.id], member.email)} aria-label={`Send sign-in email to ${member.email}`} title="Send sign-in email">
      {/* Icon only beside the table's columns (four actions do not fit at 1280 px with labels). */}
      <Mail aria-hidden="true" /> <span className="sm:hidden">Email link</span>
    </Button>
  );
}

function DeleteMemberButton({ member }: { member: PortalMember }) {
  const utils = api.useUtils();
  const remove = api.members.delete.useMutation();
  return (
    <ConfirmDialog
      destructive
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete ${member.email}`}>
          <Trash2 aria-hidden="true" /> <span className="sm:hidden 2xl:inline">Delete</span>
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
