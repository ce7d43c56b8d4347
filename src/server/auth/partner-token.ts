// Partner access tokens (JWT, HS256 pinned). Member sessions use a different audience and key, so
// neither can pass as the other.
import { randomUUID } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import { AppError } from "@/server/errors/app-error";
import type { Environment, PartnerScope } from "@/server/scope";
import { deriveKey } from "./auth-secret";

const ALG = "HS256";
const ISSUER = "perkway";
const AUDIENCE = "perkway:partner-api";
const KID = "partner-v1";
const CLOCK_SKEW_SECONDS = 5;

export function tokenTtlSeconds(): number {
  const v = Number(process.env.AUTH_TOKEN_TTL_SECONDS);
  return Number.isFinite(v) && v > 0 ? v : 900;
}

export async function issuePartnerToken(scope: PartnerScope): Promise<{ token: string; expiresAt: Date; issuedAt: Date }> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + tokenTtlSeconds();
  const token = await new SignJWT({ env: scope.environment })
    .setProtectedHeader({ alg: ALG, kid: KID, typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(scope.partnerId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(deriveKey("partner-token"));
  return { token, expiresAt: new Date(exp * 1000), issuedAt: new Date(iat * 1000) };
}

export type VerifiedPartnerToken = PartnerScope & { issuedAt: Date; tokenId: string };

export async function verifyPartnerToken(token: string): Promise<VerifiedPartnerToken> {
  try {
    const { payload, protectedHeader } = await jwtVerify(token, deriveKey("partner-token"), {
      algorithms: [ALG],
      issuer: ISSUER,
      audience: AUDIENCE,
      clockTolerance: CLOCK_SKEW_SECONDS,
      requiredClaims: ["sub", "exp", "iat", "jti"],
    });
    const env = payload.env;
    if (protectedHeader.kid !== KID || (env !== "live" && env !== "test") || typeof payload.sub !== "string") {
      throw new AppError(401, "token_invalid", "The access token is not a valid partner token");
    }
    return { partnerId: payload.sub, environment: env as Environment, issuedAt: new Date((payload.iat ?? 0) * 1000), tokenId: String(payload.jti) };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof errors.JWTExpired) {
      throw new AppError(401, "token_expired", "The access token has expired: call POST /v1/authentications for a new one");
    }
    throw new AppError(401, "token_invalid", "The access token is invalid: call POST /v1/authentications for a new one");
  }
}
