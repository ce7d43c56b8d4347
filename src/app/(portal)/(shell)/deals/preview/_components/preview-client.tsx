"use client";
// Preview as a member: choose (search) or describe a member, then their list as the hosted app draws
// it (the same cards, in the partner's colours; read-only: no links, no events recorded) — the deals
// GET /v1/deals?user_id= returns for them — and the hidden deals with their reasons.
import { SearchX, UserSearch } from "lucide-react";
import { useMemo, useState } from "react";
import type { z } from "zod";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { brandStyle } from "@/components/hosted/brand";
import { DealGrid, type DealCardView } from "@/components/hosted/deal-grid";
import { perkLines } from "@/components/hosted/perk-lines";
import { Badge, badgeVariants } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { describedMemberSchema, PreviewRow } from "@/server/schemas/portal-deals.schema";
import { api } from "@/trpc/react";
import { StatusBadge } from "../../_components/deal-badges";
import { ReasonList } from "../../_components/reason-list";
import { useDebounced } from "@/components/portal/use-debounced";
import { DescribeMemberForm } from "./describe-member-form";
import { MemberPicker } from "@/components/portal/member-picker";

type Subject = { kind: "id"; id: string } | { kind: "described"; profile: z.input<typeof describedMemberSchema> };
const PAGE_SIZE = 24;
const premiumBadgeClass = badgeVariants({ variant: "secondary" });

/** A preview row as the hosted app's card (deal-card-view.ts does the same from the member's list). */
function cardOf(d: PreviewRow): DealCardView {
  return {
    id: d.id,
    name: d.product_name,
    logoUrl: d.card.logo_url,
    categories: d.card.categories.join(" · "),
    ...perkLines(d.card.perk, d.card.value),
    shortDescription: d.short_description,
    premium: d.tier === "premium",
    lock: d.card.lock,
  };
}

/** The partner's colours on the preview, as the hosted app's frame sets them. */
function useBrand() {
  const settings = api.settings.get.useQuery(undefined, { staleTime: 60_000 });
  const p = settings.data?.partner;
  const style = useMemo(
    () => (p ? brandStyle({ primaryColor: p.branding.primary_color ?? null, accentColor: p.branding.accent_color ?? null, logoUrl: null, headline: null, welcomeText: null }) : undefined),
    [p],
  );
  return { name: p?.name ?? null, style };
}

function PreviewList({ subject }: { subject: Subject }) {
  const [show, setShow] = useState<"listed" | "hidden">("listed");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const search = useDebounced(q);
  const preview = api.catalogue.preview.useQuery(
    { member: subject as never, q: search || undefined, show, page, page_size: PAGE_SIZE },
    { placeholderData: (prev) => prev },
  );
  const data = preview.data;
  const brand = useBrand();
  const total = data ? (show === "listed" ? data.listed_total : data.hidden_total) : 0;

  const empty = (
    <EmptyState
      icon={SearchX}
      title={show === "listed" ? "This member sees no deal" : "Nothing is hidden from this member"}
      description={search ? "No deal matches this search." : show === "listed" ? "Open the Hidden tab to see why." : "Every deal of your catalogue is in their list."}
    />
  );
  const rows = (items: PreviewRow[]) =>
    items.length === 0 ? (
      empty
    ) : show === "listed" ? (
      // The member's own list, drawn by the hosted app's grid in the partner's colours: read-only.
      <section aria-label="Deals this member gets" className="rounded-xl border border-t-4 border-t-primary bg-background p-3 text-foreground sm:p-4" style={brand.style} data-testid="member-preview">
        <p className="mb-3 text-base font-bold">{brand.name ? `${brand.name} perks` : "Your deals"}</p>
        <DealGrid cards={items.map(cardOf)} dealsPath={null} track={null} testId="preview-deal-grid" badgeClass={premiumBadgeClass} />
      </section>
    ) : (
      <ul aria-label="Deals hidden from this member" className="flex flex-col divide-y rounded-xl border bg-card">
        {items.map((d) => (
          <li key={d.id} className="flex min-w-0 flex-col gap-1 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 break-words font-medium">{d.product_name}</span>
              <StatusBadge status={d.status} />
              {d.deal_type === "partner_private" ? <Badge variant="outline">Own deal</Badge> : null}
            </div>
            <ReasonList reasons={d.hidden_by} label={`Why ${d.product_name} is hidden`} />
          </li>
        ))}
      </ul>
    );

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="break-words">{data ? `What ${data.member.label} gets` : "Loading the preview…"}</CardTitle>
        {data ? (
          <CardDescription>
            {data.member.tier === "premium" ? "Premium" : "Free"} tier · regions {data.member.regions.join(", ") || "none"}
            {data.member.regions_from === "partner" ? " (your account's, as the member has none)" : ""} · user types {data.member.user_types.join(", ") || "none"}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="preview-search">Search in this preview</Label>
          <Input id="preview-search" type="search" value={q} onChange={(e) => (setQ(e.target.value), setPage(1))} placeholder="Name or description" />
        </div>
        <Tabs value={show} onValueChange={(v) => (setShow(v as typeof show), setPage(1))}>
          <TabsList>
            <TabsTrigger value="listed">Listed{data ? ` (${data.listed_total})` : ""}</TabsTrigger>
            <TabsTrigger value="hidden">Hidden{data ? ` (${data.hidden_total})` : ""}</TabsTrigger>
          </TabsList>
          <TabsContent value={show}>
            {preview.error ? (
              <ErrorState error={preview.error} retry={() => preview.refetch()} title="The preview could not be loaded" />
            ) : !data ? (
              <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading the preview">
                {Array.from({ length: 5 }, (_, i) => (
                  <Skeleton key={i} className="h-10 w-full" />
                ))}
              </div>
            ) : (
              rows(data.rows)
            )}
          </TabsContent>
        </Tabs>
        {total > PAGE_SIZE ? (
          <nav aria-label="Preview pages" className="flex items-center justify-between gap-2">
            <span className="text-sm text-muted-foreground">
              Page {page} of {Math.ceil(total / PAGE_SIZE)}
            </span>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous page
              </Button>
              <Button variant="outline" size="sm" disabled={page * PAGE_SIZE >= total} onClick={() => setPage((p) => p + 1)}>
                Next page
              </Button>
            </div>
          </nav>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function PreviewClient() {
  const [subject, setSubject] = useState<Subject | null>(null);
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Whose view?</CardTitle>
          <CardDescription>Pick one of your members, or describe one to test your rules before anyone signs up.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="pick">
            <TabsList>
              <TabsTrigger value="pick">Pick a member</TabsTrigger>
              <TabsTrigger value="describe">Describe a member</TabsTrigger>
            </TabsList>
            <TabsContent value="pick">
              <MemberPicker
                id="member-search"
                onPick={(id) => setSubject({ kind: "id", id })}
                pickLabel={(email) => `Preview ${email}`}
                listLabel="Matching members"
                noMembers="No members yet: add members over the API or describe one instead."
              />
            </TabsContent>
            <TabsContent value="describe">
              <DescribeMemberForm onPreview={(profile) => setSubject({ kind: "described", profile })} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      {subject ? (
        <PreviewList key={JSON.stringify(subject)} subject={subject} />
      ) : (
        <EmptyState icon={UserSearch} title="Choose whose view to preview" description="Pick a member or describe one: their deal list and the reasons for every hidden or locked deal appear here." />
      )}
    </div>
  );
}
