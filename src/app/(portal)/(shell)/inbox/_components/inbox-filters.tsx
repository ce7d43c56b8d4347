"use client";
// The inbox's search box, type and status filters, and "Clear filters": each change starts again
// at page 1 with nothing selected.
import { Search, X } from "lucide-react";
import { FilterSelect } from "@/components/portal/filter-select";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { INBOX_STATUSES } from "@/server/schemas/inbox.schema";
import { STATUS_LABEL } from "./inbox-labels";
import { ALL, type InboxList } from "./use-inbox-list";

export function InboxFilters({ state }: { state: InboxList }) {
  const { reset } = state;
  return (
    <section aria-label="Search and filters" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="flex w-full flex-col gap-1.5 sm:w-64">
        <Label htmlFor="inbox-search">Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id="inbox-search"
            type="search"
            className="pl-8"
            placeholder="Email, deal or message"
            value={state.search}
            onChange={(e) => {
              state.setSearch(e.target.value);
              reset();
            }}
          />
        </div>
      </div>
      <FilterSelect
        id="inbox-kind"
        label="Type"
        value={state.kind}
        onChange={(v) => {
          state.setKind(v);
          reset();
        }}
        options={[
          { value: ALL, label: "All" },
          { value: "access_request", label: "Access requests" },
          { value: "inquiry", label: "Inquiries" },
        ]}
      />
      <FilterSelect
        id="inbox-status"
        label="Status"
        value={state.status}
        onChange={(v) => {
          state.setStatus(v);
          reset();
        }}
        options={[{ value: ALL, label: "All" }, ...INBOX_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))]}
      />
      {state.filtered ? (
        <Button
          variant="ghost"
          onClick={() => {
            state.setSearch("");
            state.setKind(ALL);
            state.setStatus(ALL);
            reset();
          }}
        >
          <X aria-hidden="true" /> Clear filters
        </Button>
      ) : null}
    </section>
  );
}
