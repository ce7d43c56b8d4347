// "Show more deals" under the member's list: the page renders the first HOSTED_PAGE_SIZE cards per
// page of ?page= (a phone scrolled through 57 cards before), and this link asks for one page more.
// A plain link: it works without JavaScript and in the widget. Its words come from the page's
// translations (home.showingOf, home.showMore).

/** `listHref`: the list's URL with its filters (listHref); `page` is added to it. */
export function ShowMoreDeals({ shown, total, listHref, page, className, words }: { shown: number; total: number; listHref: string; page: number; className: string; words: { showing: string; more: string } }) {
  if (shown >= total) return null;
  const href = `${listHref}${listHref.includes("?") ? "&" : "?"}page=${page + 1}`;
  return (
    <div className="mt-4 flex flex-col items-center gap-2" data-testid="show-more-deals">
      <p className="text-sm text-muted-foreground">{words.showing}</p>
      <a href={href} className={className}>
        {words.more}
      </a>
    </div>
  );
}
