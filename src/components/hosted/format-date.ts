// Dates on the member surfaces, formatted on the server (one format, UTC) so that the client's
// hydration never disagrees with the server's text.
const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export function formatMemberDate(d: Date | string): string {
  return dateFormat.format(typeof d === "string" ? new Date(d) : d);
}
