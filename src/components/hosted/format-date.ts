// Dates on the member surfaces: one format ("2 December 2026", "2 décembre 2026", "٢ ديسمبر ٢٠٢٦"), in
// the member's language (contract 16) and in UTC, so that the server's text and the client's hydration
// always agree. Pages, server actions and islands all format through here.
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatMemberDate(d: Date | string, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    formats.set(locale, format);
  }
  return format.format(typeof d === "string" ? new Date(d) : d);
}
