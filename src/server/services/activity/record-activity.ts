// The activity log's one writer. Call it inside the transaction of the change it describes, so a
// change and its record land together (or neither does). Keep `changes` small: before/after of the
// fields that changed, never secrets (keys, passwords, tokens).
import { db, type Tx } from "@/server/db/client";
import type { Prisma } from "@/generated/prisma/client";
import type { AdminActor, Environment } from "@/server/scope";

/** Who made a change: a portal admin (with email for display), the operator CLI, a partner's API key,
 *  the partner's directory over SCIM (one of its directory tokens; shown as "Directory sync"), or the system. */
export type ActivityActor =
  | { type: "admin"; adminId: string; email?: string | null }
  | { type: "cli" }
  | { type: "api"; partnerId: string }
  | { type: "directory"; tokenId: string }
  | { type: "system" };

export type ActivityEntry = {
  actor: ActivityActor;
  partnerId: string | null;
  environment?: Environment | null;
  /** dotted verb: "member.created", "api_key.rotated", "settings.updated", "deal.status_changed" … */
  action: string;
  target?: { type: string; id: string } | null;
  /** one human sentence: "Rotated the sandbox key pair (old key valid for 1 hour)" */
  summary: string;
  changes?: { before?: unknown; after?: unknown } | null;
};

/** An AdminActor (or the CLI's "operator") as the activity log's actor. */
export function activityActorOf(actor: AdminActor | "operator", email?: string | null): ActivityActor {
  return actor === "operator" ? { type: "cli" } : { type: "admin", adminId: actor.adminId, email: email ?? null };
}

export async function recordActivity(entry: ActivityEntry, tx: Tx = db): Promise<void> {
  const a = entry.actor;
  await tx.activityLog.create({
    data: {
      partnerId: entry.partnerId,
      environment: entry.environment ?? null,
      actorType: a.type,
      actorId: a.type === "admin" ? a.adminId : a.type === "api" ? a.partnerId : a.type === "directory" ? a.tokenId : null,
      actorEmail: a.type === "admin" ? (a.email ?? null) : null,
      action: entry.action,
      targetType: entry.target?.type ?? null,
      targetId: entry.target?.id ?? null,
      summary: entry.summary,
      changes: (entry.changes ?? undefined) as Prisma.InputJsonValue | undefined,
    },
  });
}
