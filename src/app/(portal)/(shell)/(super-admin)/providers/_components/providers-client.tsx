"use client";
// Provider accounts: create one (name, deals), link more servicepass deals (picked by name, issue
// 53.10), invite its users (a set-password link by email). A provider user sees only the provider area.
import { useState } from "react";
import { Handshake } from "lucide-react";
import { toast } from "sonner";
import { api, type RouterOutputs } from "@/trpc/react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";
import { DealNamePicker, type PickedDeal } from "./deal-name-picker";

type Provider = RouterOutputs["providers"]["list"][number];

const idsOf = (deals: PickedDeal[]) => deals.map((d) => d.id);

export function ProvidersClient() {
  const providers = api.providers.list.useQuery();
  const utils = api.useUtils();
  const refresh = () => utils.providers.list.invalidate();
  const [name, setName] = useState("");
  const [deals, setDeals] = useState<PickedDeal[]>([]);
  const create = api.providers.create.useMutation({
    onSuccess: (p) => {
      toast.success(`Created ${p.name}`);
      setName("");
      setDeals([]);
      void refresh();
    },
    onError: (e) => toast.error(e.message),
  });

  return (
    <div className="space-y-6">
      <PageHeader title="Providers" description="The companies behind servicepass deals. Their users sign in to the provider area: their deals, codes, tracking and results, never members." />
      <Card>
        <CardHeader>
          <CardTitle>New provider</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            className="grid gap-3 md:grid-cols-[1fr_2fr_auto] md:items-start"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate({ name, deal_ids: idsOf(deals) });
            }}
          >
            <div className="space-y-1">
              <Label htmlFor="provider-name">Name</Label>
              <Input id="provider-name" value={name} onChange={(e) => setName(e.target.value)} required />
            </div>
            <DealNamePicker id="provider-deals" label="Deals (optional)" picked={deals} onChange={setDeals} />
            <Button type="submit" className="md:mt-6" disabled={create.isPending || !name.trim()}>
              Create provider
            </Button>
          </form>
        </CardContent>
      </Card>
      {providers.isPending ? (
        <Skeleton className="h-32 w-full" role="status" aria-label="Loading providers" />
      ) : providers.isError ? (
        <ErrorState error={providers.error} retry={() => void providers.refetch()} />
      ) : providers.data.length === 0 ? (
        <EmptyState icon={Handshake} title="No providers yet" description="Create one above, then link its deals and invite its users." />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {providers.data.map((p) => (
            <ProviderCard key={p.id} provider={p} onChange={refresh} />
          ))}
        </div>
      )}
    </div>
  );
}

function ProviderCard({ provider, onChange }: { provider: Provider; onChange: () => void }) {
  const [toLink, setToLink] = useState<PickedDeal[]>([]);
  const [email, setEmail] = useState("");
  const link = api.providers.link.useMutation({ onSuccess: () => (setToLink([]), onChange()), onError: (e) => toast.error(e.message) });
  const unlink = api.providers.unlink.useMutation({ onSuccess: onChange, onError: (e) => toast.error(e.message) });
  const invite = api.providers.invite.useMutation({
    onSuccess: (r) => {
      toast.success(`Invitation emailed to ${r.email}`);
      setEmail("");
      onChange();
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <Card data-testid="provider-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {provider.name}
          {provider.pending_change_requests ? <Badge variant="warning">{provider.pending_change_requests} to review</Badge> : null}
        </CardTitle>
        <CardDescription className="font-mono text-xs">{provider.id}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <section aria-label={`Deals of ${provider.name}`} className="space-y-2">
          <p className="font-medium">Deals</p>
          {provider.deals.length === 0 ? <p className="text-muted-foreground">No deals linked.</p> : null}
          <ul className="space-y-1">
            {provider.deals.map((d) => (
              <li key={d.id} className="flex items-center justify-between gap-2">
                <span>{d.product_name}</span>
                <Button variant="ghost" size="sm" aria-label={`Unlink ${d.product_name}`} onClick={() => unlink.mutate({ provider_id: provider.id, deal_ids: [d.id] })}>
                  Unlink
                </Button>
              </li>
            ))}
          </ul>
          <form className="flex flex-col gap-2" onSubmit={(e) => (e.preventDefault(), link.mutate({ provider_id: provider.id, deal_ids: idsOf(toLink) }))}>
            <DealNamePicker id={`link-deals-${provider.id}`} label="Link more deals" picked={toLink} onChange={setToLink} exclude={provider.deals.map((d) => d.id)} />
            <Button type="submit" variant="outline" className="self-start" disabled={link.isPending || toLink.length === 0}>
              {toLink.length > 1 ? `Link ${toLink.length} deals` : "Link deal"}
            </Button>
          </form>
        </section>
        <section aria-label={`Users of ${provider.name}`} className="space-y-2">
          <p className="font-medium">Users</p>
          <ul className="space-y-1">
            {provider.users.map((u) => (
              <li key={u.id}>
                {u.email} {u.invited ? <Badge variant="secondary">invited</Badge> : null}
              </li>
            ))}
          </ul>
          <form className="flex gap-2" onSubmit={(e) => (e.preventDefault(), invite.mutate({ provider_id: provider.id, email }))}>
            <Input aria-label="Email to invite" type="email" placeholder="name@provider.com" value={email} onChange={(e) => setEmail(e.target.value)} />
            <Button type="submit" variant="outline" disabled={invite.isPending || !email.trim()}>
              Invite
            </Button>
          </form>
        </section>
      </CardContent>
    </Card>
  );
}
