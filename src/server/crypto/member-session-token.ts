// Member sessions of the hosted app and the iframe widget (after a magic link is confirmed): a JWT
// in a cookie. Its key, audience and `typ` differ from the partner token's (./partner-token.ts), so
// a member session can never pass as a partner API token, nor the reverse.
import { randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { Environment } from "@/server/scope";
import { deriveKey, verificationKeys } from "./auth-secret";

const MEMBER_SESSION = {
  alg: "HS256",
  typ: "JWT",
  issuer: "perkway",
  audience: "perkway:member-session",
  keyPurpose: "member-session",
  clockSkewSeconds: 5,
  defaultTtlSeconds: 30 * 24 * 60 * 60,
} as const;

type MemberSession = { memberId: string; partnerId: string; environment: Environment; expiresAt: Date; jti: string };

export async function issueMemberSessionToken(s: { memberId: string; partnerId: string; environment: Environment }, ttlSeconds: number = MEMBER_SESSION.defaultTtlSeconds) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ttlSeconds;
  const token = await new SignJWT({ pid: s.partnerId, env: s.environment })
    .setProtectedHeader({ alg: MEMBER_SESSION.alg, typ: MEMBER_SESSION.typ })
    .setIssuer(MEMBER_SESSION.issuer)
    .setAudience(MEMBER_SESSION.audience)
    .setSubject(s.memberId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(deriveKey(MEMBER_SESSION.keyPurpose));
  return { token, expiresAt: new Date(exp * 1000) };
}

/** Verified claims under AUTH_SECRET, else AUTH_SECRET_PREVIOUS (sessions outlive a rotation); null otherwise. */
async function verifyWithAnyKey(token: string) {
  for (const key of verificationKeys(MEMBER_SESSION.keyPurpose)) {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [MEMBER_SESSION.alg],
        typ: MEMBER_SESSION.typ,
        issuer: MEMBER_SESSION.issuer,
        audience: MEMBER_SESSION.audience,
        clockTolerance: MEMBER_SESSION.clockSkewSeconds,
        requiredClaims: ["sub", "pid", "env", "exp", "jti"],
      });
      return payload;
    } catch {
      // next key
    }
  }
  return null;
}

/** The session, or null for anything that is not a valid, unexpired member session. */
export async function verifyMemberSessionToken(token: string): Promise<MemberSession | null> {
  try {
    const payload = await verifyWithAnyKey(token);
    if (!payload) return null;
    if (typeof payload.sub !== "string" || typeof payload.pid !== "string" || (payload.env !== "live" && payload.env !== "test")) return null;
    if (typeof payload.jti !== "string" || payload.jti.length > 64) return null;
    return { memberId: payload.sub, partnerId: payload.pid, environment: payload.env, expiresAt: new Date((payload.exp ?? 0) * 1000), jti: payload.jti };
  } catch {
    return null;
  }
}
