// The ticket behind Settings → Member sign-in → "Test sign-in": the portal (an admin allowed to
// manage member sign-in) issues it, the hosted app's /auth/oidc/start takes it once (its id is
// stored with the flow's state, unique) and the callback then reports what the IdP sent instead of
// signing anyone in. Signed with a key of its own (HMAC-SHA256 under AUTH_SECRET), five minutes.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { deriveKey, verificationKeys } from "./auth-secret";

const PURPOSE = "oidc-test-ticket";
const TTL_MS = 5 * 60 * 1000;

const mac = (key: Buffer, body: string) => createHmac("sha256", key).update(body).digest("base64url");

export function issueOidcTestTicket(partnerId: string, now: Date = new Date()): string {
  const body = Buffer.from(JSON.stringify({ p: partnerId, i: randomBytes(16).toString("base64url"), e: now.getTime() + TTL_MS })).toString("base64url");
  return `${body}.${mac(deriveKey(PURPOSE), body)}`;
}

/** The ticket's partner and id when it is ours, intact and unexpired; null for anything else. */
export function readOidcTestTicket(ticket: string, now: Date = new Date()): { partnerId: string; id: string } | null {
  if (ticket.length > 400) return null;
  const [body, sig, extra] = ticket.split(".");
  if (!body || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig);
  const valid = verificationKeys(PURPOSE).some((key) => {
    const expected = Buffer.from(mac(key, body));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return null;
  try {
    const { p, i, e } = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { p?: unknown; i?: unknown; e?: unknown };
    if (typeof p !== "string" || typeof i !== "string" || typeof e !== "number" || e <= now.getTime()) return null;
    return { partnerId: p, id: i };
  } catch {
    return null;
  }
}
