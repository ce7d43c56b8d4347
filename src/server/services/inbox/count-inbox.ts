// The number of items waiting in the inbox (the navigation's badge): pending access requests and
// new inquiries of the scope.
import { db } from "@/server/db/client";
import type { InboxCounts } from "@/server/schemas/inbox.schema";
import { requireScope, type PartnerScope } from "@/server/scope";

export async function countInbox(scope: PartnerScope): Promise<InboxCounts> {
  const where = requireScope(scope, "inbox");
  const [requests, inquiries] = await Promise.all([
    db.accessRequest.count({ where: { ...where, status: "pending" } }),
    db.inquiry.count({ where: { ...where, status: "new" } }),
  ]);
  return { new_access_requests: requests, new_inquiries: inquiries, total_new: requests + inquiries };
}
