"use client";
// The member's deal cards: logo, product name, headline value, category, and a lock with its reason
// when the member cannot redeem the deal (yet). A client island on purpose: the page sends each
// card as a few strings (dealCardView) instead of its whole element tree in the RSC payload: about a
// third less HTML and a third less server time per render (docs/hosted-app.md, bench:hosted). Server-rendered
// all the same, and nothing here needs JavaScript to work: each card is a plain link.
import { Lock } from "lucide-react";
import { DealLogo } from "./deal-logo";

export type DealCardView = {
  id: string;
  href: string;
  name: string;
  logoUrl: string | null;
  /** Category names, joined for display. */
  categories: string;
  headline: string;
  shortDescription: string;
  premium: boolean;
  lock: { title: string; text: string } | null;
};

export function DealGrid({ cards, testId, badgeClass }: { cards: DealCardView[]; testId: string; badgeClass: string }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {cards.map((card) => (
        <DealCard key={card.id} card={card} badgeClass={badgeClass} />
      ))}
    </ul>
  );
}

function DealCard({ card, badgeClass }: { card: DealCardView; badgeClass: string }) {
  return (
    <li className="relative flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md" data-deal-id={card.id}>
      <div className="flex items-start gap-3">
        <DealLogo url={card.logoUrl} name={card.name} />
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold leading-snug text-foreground [overflow-wrap:anywhere]">
            {/* The whole card is clickable through this link's ::after; the name stays its accessible name. */}
            <a href={card.href} className="after:absolute after:inset-0 after:content-[''] focus:outline-none">
              {card.name}
            </a>
          </h3>
          {card.categories ? <p className="mt-0.5 text-xs text-muted-foreground">{card.categories}</p> : null}
        </div>
        {card.premium ? <span className={badgeClass}>Premium</span> : null}
      </div>
      <p className="text-lg font-bold text-foreground" data-testid="deal-headline">
        {card.headline}
      </p>
      <p className="line-clamp-2 text-sm text-muted-foreground [overflow-wrap:anywhere]">{card.shortDescription}</p>
      {card.lock ? (
        <p className="mt-auto flex items-start gap-1.5 rounded-md bg-muted px-2.5 py-1.5 text-xs text-foreground" data-testid="deal-lock">
          <Lock aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0" />
          <span>
            <span className="font-semibold">{card.lock.title}:</span> {card.lock.text}
          </span>
        </p>
      ) : null}
    </li>
  );
}
