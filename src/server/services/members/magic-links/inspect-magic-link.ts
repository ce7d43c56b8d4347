// What a sign-in link is, without touching it: the hosted app's GET /auth/magic renders from this
// (mail scanners prefetch links, so opening one must never consume it). No side effects.
import { db } from "@/server/db/client";
import type { Environment } from "@/server/scope";
import { hashToken, isWellFormedToken } from "@/server/crypto/secret-token";

type MagicLinkState = "valid" | "used" | "expired" | "unknown";

type MagicLinkInspection =
  | { state: "unknown" }
  | { state: Exclude<MagicLinkState, "unknown">; partnerId: string; memberId: string | null; environment: Environment; expiresAt: Date };

/**
 * `expected.partnerId`: the partner whose hosted app received the link; a link of another partner
 * is "unknown" there (binding), so its existence leaks nothing.
 */
export async function inspectMagicLink(token: string, expected: { partnerId?: string } = {}, now: Date = new Date()): Promise<MagicLinkInspection> {
  if (!isWellFormedToken(token)) return { state: "unknown" };
  const row = await db.magicLinkToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { partnerId: true, memberId: true, environment: true, purpose: true, expiresAt: true, consumedAt: true },
  });
  if (!row || row.purpose !== "sign_in" || (expected.partnerId !== undefined && row.partnerId !== expected.partnerId)) return { state: "unknown" };
  const state = row.consumedAt ? "used" : row.expiresAt.getTime() <= now.getTime() ? "expired" : "valid";
  return { state, partnerId: row.partnerId, memberId: row.memberId, environment: row.environment, expiresAt: row.expiresAt };
}
