"use client";
// Find one of the partner's members (email or their own user id; by default catalogue.searchMembers
// in the session's environment) and pick them: "Preview as member" and the digest preview in
// Settings (which searches live members: `useSearch`). The caller names what picking does
// ("Preview the digest of a@b.c").
import { useState } from "react";
import { ErrorState } from "@/components/portal/error-state";
import { useDebounced } from "@/components/portal/use-debounced";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/trpc/react";

type MemberPickerProps = {
  /** id of the search field (unique on the page) */
  id: string;
  onPick: (memberId: string) => void;
  /** the accessible name of each member's button: what picking them does */
  pickLabel: (email: string) => string;
  /** accessible name of the list of matches */
  listLabel: string;
  /** shown when the partner has no member yet (no search typed) */
  noMembers: string;
  /** the search query hook (default: the session environment's members) */
  useSearch?: (q: string) => ReturnType<typeof useSessionMembers>;
};

const useSessionMembers = (q: string) => api.catalogue.searchMembers.useQuery({ q });

export function MemberPicker({ id, onPick, pickLabel, listLabel, noMembers, useSearch = useSessionMembers }: MemberPickerProps) {
  const [q, setQ] = useState("");
  const search = useDebounced(q);
  const found = useSearch(search);
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>Find a member</Label>
        <Input id={id} type="search" className="sm:w-80" placeholder="Email or your own user id" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      {found.error ? (
        <ErrorState error={found.error} retry={() => found.refetch()} title="Members could not be searched" />
      ) : found.isLoading ? (
        <div role="status" aria-label="Searching members">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : found.data?.length ? (
        <ul aria-label={listLabel} className="flex flex-col gap-1">
          {found.data.map((m) => (
            <li key={m.id}>
              <Button type="button" variant="ghost" className="h-auto w-full justify-start py-2 text-left" onClick={() => onPick(m.id)}>
                <span className="min-w-0 truncate">{pickLabel(m.email)}</span>
                {m.tier === "premium" ? <Badge variant="outline">Premium</Badge> : null}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{search ? "No member matches this search." : noMembers}</p>
      )}
    </div>
  );
}
