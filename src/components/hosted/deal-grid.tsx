"use client";
// The member's deal cards: logo, product name, headline value, category, and a lock with its reason
// when the member cannot redeem the deal (yet). A client island on purpose: the page sends each
// card as a few strings (dealCardView) instead of its whole element tree in the RSC payload: about a
// third less HTML and a third less server time per render (docs/hosted-app.md, bench:hosted). Server-rendered
// all the same, and nothing here needs JavaScript to work: each card is a plain link. The grid also
// reports deal_list_viewed with the ids of its cards, so the page does not send them a second time.
import { DealLogo } from "./deal-logo";
import type { Track } from "./track";
import { TrackView } from "./track-view";

export type DealCardView = {
  id: string;
  name: string;
  logoUrl: string | null;
  /** Category names, joined for display. */
  categories: string;
  headline: string;
  worth: string | null;
  shortDescription: string;
  premium: boolean;
  lock: { title: string; text: string } | null;
};

type DealGridProps = {
  cards: DealCardView[];
  /** Where the deal pages are ("/p/acme/deals"): a card links to `${dealsPath}/${id}`; null: read-only cards (the portal's preview). */
  dealsPath: string | null;
  testId: string;
  badgeClass: string;
  /** Fires deal_list_viewed with the cards' ids once the grid is on the member's screen; null records nothing (previews). */
  track: Track | null;
  /** the Premium badge in the member's language (English: the portal's preview) */
  premiumLabel?: string;
};

export function DealGrid({ cards, dealsPath, testId, badgeClass, track, premiumLabel = "Premium" }: DealGridProps) {
  return (
    <>
      <ul className="deal-grid" data-testid={testId}>
        {cards.map((card) => (
          <DealCard key={card.id} card={card} href={dealsPath === null ? null : `${dealsPath}/${card.id}`} badgeClass={badgeClass} premiumLabel={premiumLabel} />
        ))}
      </ul>
      {track ? <TrackView track={track} type="deal_list_viewed" dealIds={cards.slice(0, 200).map((c) => c.id)} /> : null}
    </>
  );
}

// Classes: the deal-card-* components of src/app/globals.css (short names: dozens of cards per page).
function DealCard({ card, href, badgeClass, premiumLabel }: { card: DealCardView; href: string | null; badgeClass: string; premiumLabel: string }) {
  return (
    <li className="deal-card" data-deal-id={card.id}>
      <div className="deal-card-head">
        <DealLogo url={card.logoUrl} name={card.name} />
        <div className="deal-card-body">
          {/* dir="auto" on the deal's own words: an untranslated English name keeps its order in an Arabic page */}
          <h3 className="deal-card-title" dir="auto">
            {href === null ? (
              card.name
            ) : (
              <a href={href} className="deal-card-link">
                {card.name}
              </a>
            )}
          </h3>
          {card.categories ? (
            <p className="deal-card-meta" dir="auto">
              {card.categories}
            </p>
          ) : null}
        </div>
        {card.premium ? <span className={badgeClass}>{premiumLabel}</span> : null}
      </div>
      <p className="deal-card-value" data-testid="deal-headline" dir="auto">
        {card.headline}
      </p>
      {card.worth ? <p className="deal-card-meta">{card.worth}</p> : null}
      <p className="deal-card-text" dir="auto">
        {card.shortDescription}
      </p>
      {card.lock ? (
        <p className="deal-card-lock" data-testid="deal-lock">
          <LockIcon />
          <span>
            <span className="font-semibold">{card.lock.title}:</span> {card.lock.text}
          </span>
        </p>
      ) : null}
    </li>
  );
}

// lucide's "lock" (LockIcon of ./icons, which the server pages use), drawn here so that the list's island does not load the
// other icons of that module with it.
function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="mt-px h-3.5 w-3.5 shrink-0">
      <rect width="18" height="11" x="3" y="11" rx="2" ry="2" />
      <path d="M7 11V7a5 5 0 0 1 10 0v4" />
    </svg>
  );
}
