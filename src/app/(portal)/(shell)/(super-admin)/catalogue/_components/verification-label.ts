// Words of a servicepass deal's verified_at, shared by the catalogue list and the editor.
export { isVerificationStale } from "@/server/domain/deal-verification";

export function verifiedLabel(verifiedAt: string | null): string {
  if (!verifiedAt) return "Never verified";
  return `Verified ${new Date(verifiedAt).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })}`;
}
