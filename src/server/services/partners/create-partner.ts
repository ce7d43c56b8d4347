// Creates a partner with a live and a test key pair; the private keys are returned once, here.
import { db } from "@/server/db/client";
import { partnerTypeMap, regionMap } from "@/server/domain/enums";
import { AppError } from "@/server/errors/app-error";
import { currentHashSecretId, generateKeyPair, hashPrivateKey, randomBase62 } from "@/server/crypto/keys";
import type { AdminActor, Environment } from "@/server/scope";
import { RESERVED_SUBDOMAINS, type PartnerCreateData } from "@/server/schemas/partner.schema";
import { serializePartner } from "./serialize-partner";
import { withDefaultLocale } from "./offered-locales";
import { writesCachedRows } from "@/server/services/cache";

type IssuedKeys = Record<Environment, { public_key: string; private_key: string }>;

export const createPartner = writesCachedRows(async function createPartner(actor: AdminActor | "operator", data: PartnerCreateData) {
  if (actor !== "operator" && actor.role !== "super_admin") throw new AppError("forbidden", "Only a super admin can create partners");
  const subdomain = data.subdomain ?? (await uniqueSubdomain(data.name));
  const pairs = { live: generateKeyPair("live"), test: generateKeyPair("test") };
  try {
    const partner = await db.partner.create({
      data: {
        name: data.name,
        type: partnerTypeMap.toDb(data.type),
        regions: data.regions.map(regionMap.toDb),
        subdomain,
        deliveryMethod: data.delivery_method,
        branding: data.branding,
        freemiumEnabled: data.freemium_enabled,
        allowedIframeOrigins: data.allowed_iframe_origins,
        upgradeUrl: data.upgrade_url,
          memberAccess: data.member_access,
          allowedEmailDomains: data.allowed_email_domains && [...new Set(data.allowed_email_domains)],
        defaultLocale: data.default_locale,
        locales: withDefaultLocale(data.locales, data.default_locale),
        active: data.active,
        keyPairs: {
          create: (["live", "test"] as const).map((environment) => ({
            environment,
            publicKey: pairs[environment].publicKey,
            privateKeyHash: hashPrivateKey(pairs[environment].privateKey),
            hashSecretId: currentHashSecretId(),
          })),
        },
      },
    });
    const keys: IssuedKeys = {
      live: { public_key: pairs.live.publicKey, private_key: pairs.live.privateKey },
      test: { public_key: pairs.test.publicKey, private_key: pairs.test.privateKey },
    };
    return { partner: serializePartner(partner), keys };
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") throw new AppError("subdomain_taken", `The subdomain ${subdomain} is already in use`, { param: "subdomain" });
    throw err;
  }
});

async function uniqueSubdomain(name: string): Promise<string> {
  const base = name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 30) || "partner";
  for (let i = 0; i < 5; i++) {
    // A reserved name (www, api, embed…) is never a partner's: it gets a suffix like a taken one.
    const candidate = i === 0 && !RESERVED_SUBDOMAINS.has(base) ? base : `${base}-${randomBase62(4).toLowerCase()}`;
    const taken = await db.partner.findUnique({ where: { subdomain: candidate }, select: { id: true } });
    if (!taken) return candidate;
  }
  return `${base}-${randomBase62(8).toLowerCase()}`;
}
