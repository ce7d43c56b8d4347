// The explicit confirmation (POST) of a sign-in link: single use, atomically. One UPDATE … WHERE
// consumed_at IS NULL AND expires_at > now: of two concurrent confirmations exactly one matches.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { Environment } from "@/server/scope";
import { inspectMagicLink } from "./inspect-magic-link";
import { hashToken, isWellFormedToken } from "@/server/crypto/secret-token";

/** memberId null: a self sign-in link of an address that is not a member yet (the caller creates it from email). */
type ConsumedMagicLink = { memberId: string | null; email: string | null; partnerId: string; environment: Environment };

export const magicLinkErrors = {
  unknown: () => new AppError("magic_link_invalid", "This sign-in link is not valid. Ask for a new one."),
  used: () => new AppError("magic_link_used", "This sign-in link has already been used. Ask for a new one."),
  expired: () => new AppError("magic_link_expired", "This sign-in link has expired. Ask for a new one."),
};

/** `expected.partnerId`: the partner whose hosted app is confirming; another partner's link is unknown. */
export async function consumeMagicLink(token: string, expected: { partnerId?: string } = {}, now: Date = new Date()): Promise<ConsumedMagicLink> {
  if (!isWellFormedToken(token)) throw magicLinkErrors.unknown();
  const rows = await db.magicLinkToken.updateManyAndReturn({
    where: {
      tokenHash: hashToken(token),
      purpose: "sign_in",
      consumedAt: null,
      expiresAt: { gt: now },
      ...(expected.partnerId !== undefined ? { partnerId: expected.partnerId } : {}),
    },
    data: { consumedAt: now },
    select: { memberId: true, email: true, partnerId: true, environment: true },
  });
  if (rows.length === 1) return rows[0];
  // Not consumed by us: say why (read-only).
  const seen = await inspectMagicLink(token, expected, now);
  if (seen.state === "used") throw magicLinkErrors.used();
  if (seen.state === "expired") throw magicLinkErrors.expired();
  throw magicLinkErrors.unknown();
}
