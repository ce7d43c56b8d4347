// Read-your-writes for a member of the hosted app (contract section 21): after one of their own
// changes (a claim, an access request, a profile answer) the reads of their data come from the
// primary for DATABASE_REPLICA_STICKY_MS, so the page they see next shows it (src/server/db/read-your-writes.ts).
import { memberReadSession, noteSessionWrite } from "@/server/db/read-your-writes";

export function noteMemberWrite(memberId: string): void {
  noteSessionWrite({ readSession: memberReadSession(memberId) });
}
