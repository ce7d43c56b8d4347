"use client";
// The Members page's search box, filters, "Clear filters" and the export of every matching member.
import { Download, Search, X } from "lucide-react";
import { FilterSelect } from "@/components/portal/filter-select";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ELIGIBILITY_VOCABULARIES, USER_TIERS } from "@/server/domain/enums";
import { labelOf, TIER_LABELS } from "@/server/domain/labels";
import { ALL, type MemberList } from "./use-member-list";

export function MemberFilters({ state }: { state: MemberList }) {
  const { filters, setFilter, filtered } = state;
  return (
    <section aria-label="Search and filters" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="flex w-full flex-col gap-1.5 sm:w-64">
        <Label htmlFor="member-search">Search members</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input id="member-search" type="search" className="pl-8" placeholder="Email, external ID or IdP UID" value={state.search} onChange={(e) => state.typeSearch(e.target.value)} />
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
        <Button variant="ghost" onClick={state.clearFilters}>
          <X aria-hidden="true" /> Clear filters
        </Button>
      ) : null}
      {state.pageMembers.length > 0 ? (
        <Button variant="outline" disabled={state.exporting} onClick={() => void state.exportMatching()} className="sm:ml-auto">
          <Download aria-hidden="true" /> {state.exporting ? "Exporting…" : filtered ? "Export matching members (CSV)" : "Export all members (CSV)"}
        </Button>
      ) : null}
    </section>
  );
}
