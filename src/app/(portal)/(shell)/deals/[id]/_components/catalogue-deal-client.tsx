"use client";
// A catalogue deal from the partner's side: what members see, the gates and rules, why it is
// visible or hidden, and the hide / show switch of shared deals.
import { Eye, EyeOff } from "lucide-react";
import { toast } from "sonner";
import { REDEMPTION_METHOD_LABELS } from "@/server/domain/labels";
import { api, type RouterOutputs } from "@/trpc/react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DetailPage } from "@/components/portal/detail-page";
import { PageHeader } from "@/components/portal/page-header";
import { GateBadges, StatusBadge } from "../../_components/deal-badges";
import { ReasonList } from "../../_components/reason-list";

type Deal = RouterOutputs["catalogue"]["detail"];

export function CatalogueDealClient({ dealId, readOnly }: { dealId: string; readOnly: boolean }) {
  const detail = api.catalogue.detail.useQuery({ id: dealId }, { retry: (n, e) => e.data?.code !== "NOT_FOUND" && n < 2 });
  return (
    <DetailPage back={{ href: "/deals", label: "All deals" }} query={detail} loadingLabel="Loading deal" skeleton={{ className: "space-y-3", bars: ["h-9 w-64", "h-40 w-full"] }}>
      {(data) => <DealDetail deal={data} readOnly={readOnly} />}
    </DetailPage>
  );
}

function DealDetail({ deal, readOnly }: { deal: Deal; readOnly: boolean }) {
  const utils = api.useUtils();
  const done = async (hidden: boolean) => {
    toast.success(hidden ? `${deal.product_name} is hidden from your members` : `${deal.product_name} is shown to your members again`);
    await Promise.all([utils.catalogue.detail.invalidate({ id: deal.id }), utils.catalogue.list.invalidate(), utils.catalogue.preview.invalidate()]);
  };
  const hide = api.catalogue.hide.useMutation({ onSuccess: () => done(true), onError: (e) => toast.error(e.message) });
  const show = api.catalogue.show.useMutation({ onSuccess: () => done(false), onError: (e) => toast.error(e.message) });
  const busy = hide.isPending || show.isPending;
  return (
    <>
      <PageHeader
        title={<span className="[overflow-wrap:anywhere]">{deal.product_name}</span>}
        description={deal.shared ? "A shared deal from the Servicepass catalogue" : "Your own deal"}
        actions={
          deal.shared && !readOnly ? (
            deal.hidden_by_you ? (
              <Button onClick={() => show.mutate({ id: deal.id })} disabled={busy}>
                <Eye aria-hidden /> Show again
              </Button>
            ) : (
              <Button variant="outline" onClick={() => hide.mutate({ id: deal.id })} disabled={busy}>
                <EyeOff aria-hidden /> Hide from my members
              </Button>
            )
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>What members see</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm">
            <p className="font-medium">{deal.perk_description || deal.short_description}</p>
            <p className="whitespace-pre-line text-muted-foreground">{deal.long_description || deal.short_description}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-muted-foreground">Value</dt>
              <dd>{deal.market_value || (deal.est_value !== null ? `about $${deal.est_value}` : "—")}</dd>
              <dt className="text-muted-foreground">How members redeem</dt>
              <dd>{deal.redemption_method ? ((REDEMPTION_METHOD_LABELS as Record<string, string>)[deal.redemption_method] ?? deal.redemption_method) : "not set"}</dd>
              <dt className="text-muted-foreground">Approval</dt>
              <dd>{deal.approval_required ? `required${deal.approval_time ? ` (${deal.approval_time})` : ""}` : "not required"}</dd>
              {deal.eligibility_requirements ? (
                <>
                  <dt className="text-muted-foreground">Who can get it</dt>
                  <dd className="whitespace-pre-line">{deal.eligibility_requirements}</dd>
                </>
              ) : null}
              {deal.end_date ? (
                <>
                  <dt className="text-muted-foreground">Ends</dt>
                  <dd>{deal.end_date}</dd>
                </>
              ) : null}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Visibility</CardTitle>
            <CardDescription>{deal.rules_sentence}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-3 text-sm">
            <div className="flex flex-wrap gap-1">
              <StatusBadge status={deal.status} />
              {deal.visible ? (
                <Badge variant="outline">
                  <Eye aria-hidden="true" /> Visible to your members
                </Badge>
              ) : (
                <Badge variant="destructive">
                  <EyeOff aria-hidden="true" /> Hidden from your members
                </Badge>
              )}
              <GateBadges gates={deal.gates} />
            </div>
            {deal.visible ? <p>Your members see it in the hosted app, the widget and your API deal list.</p> : <ReasonList reasons={deal.hidden_by} label="Why it is hidden" />}
            {!deal.claimable ? (
              <>
                <p className="font-medium">Not claimable by every member:</p>
                <ReasonList reasons={deal.not_claimable_because} label="Why it is not claimable by default" />
              </>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
