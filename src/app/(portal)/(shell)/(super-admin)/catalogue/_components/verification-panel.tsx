"use client";
// Super admin → Catalogue → one deal: when it was last checked with its provider (verified_at) and
// "Mark verified". The catalogue's "Not verified for 90 days" filter lists deals due a check.
import { BadgeCheck } from "lucide-react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { api } from "@/trpc/react";
import { isVerificationStale, verifiedLabel } from "./verification-label";

export function VerificationPanel({ dealId, verifiedAt }: { dealId: string; verifiedAt: string | null }) {
  const utils = api.useUtils();
  const mark = api.superAdmin.markCatalogDealVerified.useMutation({
    onSuccess: async () => {
      toast.success("Marked as verified today");
      await Promise.all([utils.superAdmin.getCatalogDeal.invalidate({ id: dealId }), utils.superAdmin.listCatalogDeals.invalidate()]);
    },
    onError: (err) => toast.error(err.message),
  });
  const stale = isVerificationStale(verifiedAt);
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Verification</CardTitle>
        <CardDescription>Check with the provider that the offer still holds as described, then mark the deal verified. Deals not verified for 90 days are listed under the catalogue&apos;s &ldquo;Not verified for 90 days&rdquo; filter.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm" data-testid="verified-at">
          {verifiedLabel(verifiedAt)}
          {stale ? <Badge variant="warning">Due a check</Badge> : null}
        </p>
        <Button type="button" variant="outline" disabled={mark.isPending} onClick={() => mark.mutate({ id: dealId })}>
          <BadgeCheck aria-hidden /> {mark.isPending ? "Marking…" : "Mark verified"}
        </Button>
      </CardContent>
    </Card>
  );
}
