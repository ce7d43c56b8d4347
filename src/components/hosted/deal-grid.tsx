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
    <ul className="deal-grid" data-testid={testId}>
      {cards.map((card) => (
        <DealCard key={card.id} card={card} badgeClass={badgeClass} />
      ))}
    </ul>
  );
}

// Classes: the deal-card-* components of src/app/globals.css (short names: dozens of cards per page).
function DealCard({ card, badgeClass }: { card: DealCardView; badgeClass: string }) {
  return (
    <li className="deal-card" data-deal-id={card.id}>
      <div className="deal-card-head">
        <DealLogo url={card.logoUrl} name={card.name} />
        <div className="deal-card-body">
          <h3 className="deal-card-title">
            <a href={card.href} className="deal-card-link">
              {card.name}
            </a>
          </h3>
          {card.categories ? <p className="deal-card-meta">{card.categories}</p> : null}
        </div>
        {card.premium ? <span className={badgeClass}>Premium</span> : null}
      </div>
      <p className="deal-card-value" data-testid="deal-headline">
        {card.headline}
      </p>
      <p className="deal-card-text">{card.shortDescription}</p>
      {card.lock ? (
        <p className="deal-card-lock" data-testid="deal-lock">
          <Lock aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0" />
          <span>
            <span className="font-semibold">{card.lock.title}:</span> {card.lock.text}
          </span>
        </p>
      ) : null}
    </li>
  );
}
