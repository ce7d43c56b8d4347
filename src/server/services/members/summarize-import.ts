// The portal's import summary of one batch: counts, and the failed entries (numbered in the whole
// file by `offset`) with their email as sent, so the admin can find the row. Sign-in links of the
// batch are not passed on: an import is not where members get their links.
import type { MemberImportOutput } from "@/server/schemas/member-portal.schema";
import type { BatchEntryResult } from "./create-members-batch";

export function summarizeImport(results: BatchEntryResult[], entries: readonly unknown[], offset: number): MemberImportOutput {
  const out: MemberImportOutput = { created: 0, already_existed: 0, errors: [] };
  for (const r of results) {
    if (r.status === "created") out.created++;
    else if (r.status === "already_exists") out.already_existed++;
    else if (r.status === "error") {
      const email = (entries[r.index] as { email?: unknown } | null)?.email;
      out.errors.push({ index: offset + r.index, email: typeof email === "string" ? email.slice(0, 254) : null, error: r.error });
    }
  }
  return out;
}
