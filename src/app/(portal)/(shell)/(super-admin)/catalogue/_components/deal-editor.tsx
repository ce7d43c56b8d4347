"use client";
// Loads what the deal form needs (categories; for an edit, the deal's entry and code counts).
import { api } from "@/trpc/react";
import { DetailPage } from "@/components/portal/detail-page";
import { PageHeader } from "@/components/portal/page-header";
import { CatalogueDealForm } from "./catalogue-deal-form";
import { toast } from "sonner";
import { ProviderTrackingPanel } from "@/components/deals/provider-tracking-panel";
import { VerificationPanel } from "./verification-panel";
import { emptyDealValues, valuesFromEntry, type CatalogEntryLike } from "./deal-form-values";

export function DealEditor({ dealId }: { dealId?: string }) {
  const categories = api.superAdmin.listCategories.useQuery();
  const deal = api.superAdmin.getCatalogDeal.useQuery({ id: dealId ?? "" }, { enabled: Boolean(dealId), retry: (n, e) => e.data?.code !== "NOT_FOUND" && n < 2 });
  const loading = categories.isPending || (dealId !== undefined && deal.isPending);
  const error = categories.error ?? (dealId ? deal.error : null);
  const utils = api.useUtils();
  const tracking = api.superAdmin.setCatalogDealTracking.useMutation({ onError: (err) => toast.error(err.message) });

  const trackingPanel =
    dealId && deal.data ? (
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
    ) : null;

  // The categories and (for an edit) the deal, as one query for the frame: the first error wins.
  const query = { data: categories.data, isPending: loading, error, refetch: () => (categories.error ? categories.refetch() : deal.refetch()) };

  return (
    <DetailPage
      back={{ href: "/catalogue", label: "Servicepass catalogue" }}
      header={
        <PageHeader
          title={dealId ? (deal.data?.entry.product_name ?? "Catalogue deal") : "New catalogue deal"}
          description={dealId ? (deal.data ? `servicepass · ${deal.data.entry.slug}` : undefined) : "A servicepass deal, offered to every partner unless its rules say otherwise."}
        />
      }
      query={query}
      loadingLabel="Loading deal"
      skeleton={{ className: "space-y-4", bars: ["h-64 w-full", "h-40 w-full"] }}
      after={
        dealId && deal.data ? (
          <>
            <VerificationPanel dealId={dealId} verifiedAt={deal.data.entry.verified_at} />
            {trackingPanel}
          </>
        ) : null
      }
    >
      {(list) => (
        <CatalogueDealForm
          key={deal.data?.updated_at ?? "new"}
          categories={list}
          dealId={dealId}
          codes={deal.data?.codes}
          defaultValues={deal.data ? valuesFromEntry(deal.data.entry as CatalogEntryLike) : emptyDealValues}
        />
      )}
    </DetailPage>
  );
}
