// Words of a servicepass deal's verified_at, shared by the catalogue list and the editor.
export { isVerificationStale } from "@/server/domain/deal-verification";
import { formatDate } from "@/lib/format-date";

export function verifiedLabel(verifiedAt: string | null): string {
  if (!verifiedAt) return "Never verified";
  return `Verified ${formatDate(verifiedAt)}`;
}
