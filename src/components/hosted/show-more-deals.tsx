// "Show more deals" under the member's list: the page renders the first HOSTED_PAGE_SIZE cards per
// page of ?page= (a phone scrolled through 57 cards before), and this link asks for one page more.
// A plain link: it works without JavaScript and in the widget.

// Every word of this component, in one place for the hosted app's translations.
const STRINGS = {
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} deals`,
  more: "Show more deals",
} as const;

/** `listHref`: the list's URL with its filters (listHref); `page` is added to it. */
export function ShowMoreDeals({ shown, total, listHref, page, className }: { shown: number; total: number; listHref: string; page: number; className: string }) {
  if (shown >= total) return null;
  const href = `${listHref}${listHref.includes("?") ? "&" : "?"}page=${page + 1}`;
  return (
    <div className="mt-4 flex flex-col items-center gap-2" data-testid="show-more-deals">
      <p className="text-sm text-muted-foreground">{STRINGS.showing(shown, total)}</p>
      <a href={href} className={className}>
        {STRINGS.more}
      </a>
    </div>
  );
}
