// member_sign_in as stored on the partner row (JSON without the client secret, plus the secret
// encrypted in its own column) and as written by updatePartner (contract section 15).
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import {
  CLAIM_DIMENSIONS,
  DEFAULT_MEMBER_SIGN_IN,
  type ClaimDimension,
  type MemberSignInInput,
  type MemberSignInSettings,
  type OidcSettings,
} from "@/server/schemas/member-sign-in.schema";
import { decryptWebhookSecret, encryptWebhookSecret } from "@/server/services/webhooks";

type Stored = { memberSignIn: Prisma.JsonValue; oidcClientSecretEncrypted: string | null };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** The stored settings, read defensively (a row written before this column existed has the default). */
export function readMemberSignIn(row: Stored): MemberSignInSettings {
  const raw = isRecord(row.memberSignIn) ? row.memberSignIn : {};
  const oidc = isRecord(raw.oidc) ? raw.oidc : null;
  return {
    email_link: typeof raw.email_link === "boolean" ? raw.email_link : DEFAULT_MEMBER_SIGN_IN.email_link,
    handoff: raw.handoff === true,
    oidc:
      oidc && typeof oidc.issuer === "string" && typeof oidc.client_id === "string"
        ? {
            issuer: oidc.issuer,
            client_id: oidc.client_id,
            display_name: typeof oidc.display_name === "string" ? oidc.display_name : "your organization",
            allowed_email_domains: strings(oidc.allowed_email_domains),
            claims: Object.fromEntries(
              Object.entries(isRecord(oidc.claims) ? oidc.claims : {}).filter((e): e is [string, ClaimDimension] => (CLAIM_DIMENSIONS as readonly unknown[]).includes(e[1])),
            ),
            client_secret_set: row.oidcClientSecretEncrypted !== null,
          }
        : null,
  };
}

/** The OIDC client configuration with its decrypted secret, for the sign-in flow only. */
function oidcClientOf(row: Stored): (OidcSettings & { client_secret: string }) | null {
  const settings = readMemberSignIn(row);
  if (!settings.oidc || !row.oidcClientSecretEncrypted) return null;
  const { client_secret_set: _, ...oidc } = settings.oidc;
  try {
    return { ...oidc, client_secret: decryptWebhookSecret(row.oidcClientSecretEncrypted) };
  } catch {
    // Encrypted under an AUTH_SECRET that is gone: as if not configured until the partner saves it again.
    return null;
  }
}

/**
 * The columns an update of member_sign_in writes. The client secret is kept when the update leaves
 * it out and names the same issuer; a new issuer (or a first configuration) needs one.
 */
export function memberSignInData(input: MemberSignInInput, current: Stored): { memberSignIn: Prisma.InputJsonValue; oidcClientSecretEncrypted: string | null } {
  if (!input.oidc) return { memberSignIn: { email_link: input.email_link, oidc: null, handoff: input.handoff }, oidcClientSecretEncrypted: null };
  const { client_secret, ...oidc } = input.oidc;
  const before = readMemberSignIn(current).oidc;
  let secret = current.oidcClientSecretEncrypted;
  if (client_secret) secret = encryptWebhookSecret(client_secret);
  else if (!secret || before?.issuer !== oidc.issuer) {
    throw new AppError("parameter_invalid", "member_sign_in.oidc.client_secret is required when the identity provider is new or its issuer changes", {
      param: "member_sign_in.oidc.client_secret",
    });
  }
  return { memberSignIn: { email_link: input.email_link, oidc, handoff: input.handoff }, oidcClientSecretEncrypted: secret };
}

/** The partner's member sign-in settings and its OIDC client (secret decrypted), or null for an unknown or inactive partner. */
export async function getMemberSignInConfig(partnerId: string): Promise<{ settings: MemberSignInSettings; oidcClient: ReturnType<typeof oidcClientOf> } | null> {
  const row = await db.partner.findFirst({ where: { id: partnerId, active: true }, select: { memberSignIn: true, oidcClientSecretEncrypted: true } });
  return row ? { settings: readMemberSignIn(row), oidcClient: oidcClientOf(row) } : null;
}
