"use client";
// Loads what the deal form needs (categories; for an edit, the deal's entry and code counts).
import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { api } from "@/trpc/react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";
import { CatalogueDealForm } from "./catalogue-deal-form";
import { toast } from "sonner";
import { ProviderTrackingPanel } from "@/components/deals/provider-tracking-panel";
import { emptyDealValues, valuesFromEntry, type CatalogEntryLike } from "./deal-form-values";

export function DealEditor({ dealId }: { dealId?: string }) {
  const categories = api.superAdmin.listCategories.useQuery();
  const deal = api.superAdmin.getCatalogDeal.useQuery({ id: dealId ?? "" }, { enabled: Boolean(dealId), retry: (n, e) => e.data?.code !== "NOT_FOUND" && n < 2 });
  const loading = categories.isPending || (dealId !== undefined && deal.isPending);
  const error = categories.error ?? (dealId ? deal.error : null);
  const utils = api.useUtils();
  const tracking = api.superAdmin.setCatalogDealTracking.useMutation({ onError: (err) => toast.error(err.message) });

  return (
    <div className="space-y-6">
      <Button asChild variant="link" className="px-0">
        <Link href="/catalogue">
          <ArrowLeft aria-hidden /> Servicepass catalogue
        </Link>
      </Button>
      <PageHeader
        title={dealId ? (deal.data?.entry.product_name ?? "Catalogue deal") : "New catalogue deal"}
        description={dealId ? (deal.data ? `servicepass · ${deal.data.entry.slug}` : undefined) : "A servicepass deal, offered to every partner unless its rules say otherwise."}
      />
      {error ? (
        <ErrorState error={error} retry={() => void (categories.error ? categories.refetch() : deal.refetch())} />
      ) : loading ? (
        <div className="space-y-4" role="status" aria-label="Loading deal">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        <CatalogueDealForm
          key={deal.data?.updated_at ?? "new"}
          categories={categories.data ?? []}
          dealId={dealId}
          codes={deal.data?.codes}
          defaultValues={deal.data ? valuesFromEntry(deal.data.entry as CatalogEntryLike) : emptyDealValues}
        />
      )}
      {dealId && deal.data ? (
        <ProviderTrackingPanel
          productName={deal.data.entry.product_name}
          enabled={deal.data.tracking_enabled}
          readOnly={false}
          pending={tracking.isPending}
          onSetEnabled={async (enabled) => {
            const r = await tracking.mutateAsync({ id: dealId, enabled });
            toast.success(enabled ? "Tracking is on" : "Tracking is off");
            if (!r.provider_secret) void utils.superAdmin.getCatalogDeal.invalidate({ id: dealId });
            return r.provider_secret;
          }}
          onRotate={async () => (await tracking.mutateAsync({ id: dealId, rotate: true })).provider_secret}
          onSecretDismissed={() => void utils.superAdmin.getCatalogDeal.invalidate({ id: dealId })}
        />
      ) : null}
    </div>
  );
}
