"use client";
// Loads what the deal form needs (categories; for an edit, the deal's entry and code counts).
import { useState } from "react";
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
  // Rotation is its own confirmed action; the switch is saved with "Save deal" like the other fields (issue 53.6).
  const tracking = api.superAdmin.setCatalogDealTracking.useMutation({ onError: (err) => toast.error(err.message) });
  const [trackingDraft, setTrackingDraft] = useState<boolean | null>(null);
  const [savedSecret, setSavedSecret] = useState<string | null>(null);

  const trackingPanel =
    dealId && deal.data ? (
      <ProviderTrackingPanel
        productName={deal.data.entry.product_name}
        enabled={deal.data.tracking_enabled}
        readOnly={false}
        pending={tracking.isPending}
        deferred={{ draft: trackingDraft, saveLabel: "Save deal", savedSecret }}
        onSetEnabled={async (enabled) => {
          setTrackingDraft(enabled === deal.data.tracking_enabled ? null : enabled);
          return null;
        }}
        onRotate={async () => (await tracking.mutateAsync({ id: dealId, rotate: true })).provider_secret}
        onSecretDismissed={() => {
          setSavedSecret(null);
          void utils.superAdmin.getCatalogDeal.invalidate({ id: dealId });
        }}
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
          trackingDraft={trackingDraft}
          onTrackingSaved={(secret) => {
            setTrackingDraft(null);
            if (secret) setSavedSecret(secret);
          }}
        />
      )}
    </DetailPage>
  );
}
