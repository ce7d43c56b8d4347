// Signed tokens of the member emails' links (AUTH_SECRET-derived key): the one-click unsubscribe
// (RFC 8058: it must work without a session) and the tracked deal links that count opens and clicks.
import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "@/server/crypto/auth-secret";
import { isUuid } from "@/server/domain/ids";

function mac(payload: string): string {
  return createHmac("sha256", deriveKey("member-digest-links")).update(payload).digest("base64url").slice(0, 32);
}

function verified(token: string, parts: number): string[] | null {
  const all = String(token ?? "").split(".");
  if (all.length !== parts + 1 || token.length > 400) return null;
  const given = Buffer.from(all[parts]);
  const expected = Buffer.from(mac(all.slice(0, parts).join(".")));
  return given.length === expected.length && timingSafeEqual(given, expected) ? all.slice(0, parts) : null;
}

/** u.<member id>.<mac>: turns the member's digest and ending-soon emails off. */
export function memberUnsubscribeToken(memberId: string): string {
  return `u.${memberId}.${mac(`u.${memberId}`)}`;
}

export function readUnsubscribeToken(token: string): string | null {
  const parts = verified(token, 2);
  return parts && parts[0] === "u" && isUuid(parts[1]) ? parts[1] : null;
}

/** A tracked link: which email (digest row id or "e" for ending soon), member, deal ("-": the whole list). */
export type DigestLink = { source: "digest" | "ending_soon"; digestId: string | null; memberId: string; dealId: string | null };

export function digestLinkToken(link: DigestLink): string {
  const payload = `${link.source === "digest" ? "d" : "e"}.${link.digestId ?? "-"}.${link.memberId}.${link.dealId ?? "-"}`;
  return `${payload}.${mac(payload)}`;
}

export function readDigestLinkToken(token: string): DigestLink | null {
  const parts = verified(token, 4);
  if (!parts) return null;
  const [kind, digestId, memberId, dealId] = parts;
  if ((kind !== "d" && kind !== "e") || !isUuid(memberId) || (digestId !== "-" && !isUuid(digestId)) || (dealId !== "-" && !isUuid(dealId))) return null;
  return { source: kind === "d" ? "digest" : "ending_soon", digestId: digestId === "-" ? null : digestId, memberId, dealId: dealId === "-" ? null : dealId };
}
