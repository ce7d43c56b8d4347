// One deal in the member's list: logo, product name, headline value, category, and a lock with
// its reason when the member cannot redeem it (yet).
import { Lock } from "lucide-react";
import type { HostedDealCard } from "@/server/services/hosted/hosted-deals";
import { lockText, lockTitle } from "@/server/services/hosted/lock-reasons";
import { Badge } from "@/components/ui/badge";

export function DealLogo({ url, name, size = 48 }: { url: string | null; name: string; size?: number }) {
  const initials = name.trim().slice(0, 2).toUpperCase() || "?";
  return url ? (
    // eslint-disable-next-line @next/next/no-img-element -- deal logos live on any https host
    <img src={url} alt="" width={size} height={size} loading="lazy" className="shrink-0 rounded-lg border border-border bg-card object-contain p-1" style={{ width: size, height: size }} />
  ) : (
    <span aria-hidden="true" className="flex shrink-0 items-center justify-center rounded-lg bg-muted font-bold text-muted-foreground" style={{ width: size, height: size }}>
      {initials}
    </span>
  );
}

export function DealCard({ deal, href }: { deal: HostedDealCard; href: string }) {
  return (
    <li className="relative flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md" data-deal-id={deal.id}>
      <div className="flex items-start gap-3">
        <DealLogo url={deal.logoUrl} name={deal.productName} />
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold leading-snug text-foreground [overflow-wrap:anywhere]">
            {/* The whole card is clickable through this link's ::after; the name stays its accessible name. */}
            <a href={href} className="after:absolute after:inset-0 after:content-[''] focus:outline-none">
              {deal.productName}
            </a>
          </h3>
          {deal.categories[0] ? <p className="mt-0.5 text-xs text-muted-foreground">{deal.categories.map((c) => c.name).join(" · ")}</p> : null}
        </div>
        {deal.tier === "premium" ? <Badge variant="secondary">Premium</Badge> : null}
      </div>
      <p className="text-lg font-bold text-foreground" data-testid="deal-headline">
        {deal.headline}
      </p>
      <p className="line-clamp-2 text-sm text-muted-foreground [overflow-wrap:anywhere]">{deal.shortDescription}</p>
      {deal.lock ? (
        <p className="mt-auto flex items-start gap-1.5 rounded-md bg-muted px-2.5 py-1.5 text-xs text-foreground" data-testid="deal-lock">
          <Lock aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0" />
          <span>
            <span className="font-semibold">{lockTitle(deal.lock)}:</span> {lockText(deal.lock)}
          </span>
        </p>
      ) : null}
    </li>
  );
}
