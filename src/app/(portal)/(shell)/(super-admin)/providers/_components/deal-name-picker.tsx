"use client";
// Pick servicepass deals by name (issue 53.10): search the catalogue, add matches as removable chips;
// the caller keeps their ids. Used to create a provider with its deals and to link more deals.
import { useState } from "react";
import { X } from "lucide-react";
import { api } from "@/trpc/react";
import { ErrorState } from "@/components/portal/error-state";
import { useDebounced } from "@/components/portal/use-debounced";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export type PickedDeal = { id: string; product_name: string };

type DealNamePickerProps = {
  /** id of the search field (unique on the page) */
  id: string;
  label: string;
  picked: PickedDeal[];
  onChange: (picked: PickedDeal[]) => void;
  /** deals already linked: not offered again */
  exclude?: string[];
};

const MATCHES = 8;

export function DealNamePicker({ id, label, picked, onChange, exclude = [] }: DealNamePickerProps) {
  const [q, setQ] = useState("");
  const search = useDebounced(q.trim());
  const found = api.superAdmin.listCatalogDeals.useQuery({ q: search, limit: MATCHES }, { enabled: search.length > 0 });
  const hidden = new Set([...exclude, ...picked.map((d) => d.id)]);
  const matches = (found.data?.data ?? []).filter((d) => !hidden.has(d.id));
  const add = (deal: PickedDeal) => {
    onChange([...picked, { id: deal.id, product_name: deal.product_name }]);
    setQ("");
  };

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {picked.length ? (
        <ul aria-label="Chosen deals" className="flex flex-wrap gap-1.5">
          {picked.map((d) => (
            <li key={d.id}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 text-sm">
                <span className="max-w-56 truncate">{d.product_name}</span>
                <button
                  type="button"
                  className="rounded-sm p-0.5 hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  aria-label={`Remove ${d.product_name}`}
                  onClick={() => onChange(picked.filter((p) => p.id !== d.id))}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <Input id={id} type="search" placeholder="Search servicepass deals by name" autoComplete="off" value={q} onChange={(e) => setQ(e.target.value)} />
      {search.length === 0 ? null : found.error ? (
        <ErrorState error={found.error} retry={() => void found.refetch()} title="Deals could not be searched" />
      ) : found.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Searching…
        </p>
      ) : matches.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          No other servicepass deal matches “{search}”.
        </p>
      ) : (
        <ul aria-label={`Deals matching ${search}`} className="flex flex-col gap-0.5 rounded-md border p-1">
          {matches.map((d) => (
            <li key={d.id}>
              <Button type="button" variant="ghost" size="sm" className="h-auto w-full justify-start py-1.5 text-left" aria-label={`Add ${d.product_name}`} onClick={() => add(d)}>
                <span className="min-w-0 truncate">{d.product_name}</span>
                <span className="ml-auto shrink-0 text-xs text-muted-foreground">{d.slug}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
