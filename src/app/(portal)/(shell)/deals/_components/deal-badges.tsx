// Badges of a deal row: visible/hidden, claimable, and the per-member gates it has.
import { Badge } from "@/components/ui/badge";
import { DEAL_STATUS_LABELS, labelOf } from "@/server/domain/labels";
import type { CatalogueRow } from "@/server/schemas/portal-deals.schema";

const DIMENSION_LABEL: Record<string, string> = {
  customer_type: "Customer type",
  company_stage: "Company stage",
  company_size: "Company size",
  business_type: "Business type",
  geography: "Country",
  incorporation: "Incorporation",
  funding: "Funding",
};

// The "success" variant's text fails axe's contrast check at badge size (reported to ui-shell): live uses outline.
export function StatusBadge({ status }: { status: string }) {
  const variant = status === "live" ? "outline" : status === "draft" ? "secondary" : status === "coming_soon" ? "secondary" : "warning";
  return <Badge variant={variant}>{labelOf(DEAL_STATUS_LABELS, status)}</Badge>;
}

export function GateBadges({ gates }: { gates: CatalogueRow["gates"] }) {
  return (
    <>
      {gates.premium ? <Badge variant="outline">Premium</Badge> : null}
      {gates.regions ? <Badge variant="outline">Regions: {gates.regions.length ? gates.regions.join(", ") : "none"}</Badge> : null}
      {gates.user_types ? <Badge variant="outline">User types</Badge> : null}
      {gates.eligibility.map((d) => (
        <Badge key={d} variant="outline">
          {DIMENSION_LABEL[d] ?? d}
        </Badge>
      ))}
    </>
  );
}
