// Resolves the partner behind a hosted-app subdomain (`{subdomain}.{APP_DOMAIN}` or `/p/{subdomain}`).
// Public by design: it only exposes what the hosted app renders to anyone who knows the subdomain.
// Read on every hosted page and widget request, so it is cached per process and dropped on any
// change of any partner row (NOTIFY perkway_partner, src/server/background/change-feed.ts; this process's own
// writes clear it at once): a deactivation, new branding or a new subdomain applies from the next request.
import { db } from "@/server/db/client";
import { originSchema, subdomainSchema } from "@/server/schemas/partner.schema";
import { PushedCache } from "@/server/services/cache";
import { readMemberSignIn } from "./member-sign-in-settings";

export type HostedBranding = {
  primaryColor: string | null;
  accentColor: string | null;
  logoUrl: string | null;
  headline: string | null;
  welcomeText: string | null;
};

export type HostedPartner = {
  id: string;
  name: string;
  subdomain: string;
  branding: HostedBranding;
  deliveryMethod: "hosted" | "iframe" | "api";
  freemiumEnabled: boolean;
  /** Partner.upgradeUrl when it is an http(s) URL: the target of the upgrade call to action. */
  upgradeUrl: string | null;
  /** Origins allowed to frame /embed/{subdomain} (CSP frame-ancestors); empty: no framing. */
  allowedIframeOrigins: string[];
  /** The partner's own host name serving this app like its subdomain, or null. */
  customDomain: string | null;
  /** The member surfaces leave out "Powered by Perkway". */
  hidePoweredBy: boolean;
  /** Which ways in the sign-in page offers (contract section 15); never the OIDC client's secret. */
  memberSignIn: { emailLink: boolean; oidc: { displayName: string } | null; handoff: boolean };
  /** Who may sign themselves in (contract section 10): the sign-in page's answer says what happens next. */
  memberAccess: "invite_only" | "email_domain" | "request";
  /** The language when nothing else decides, and the languages of the language menu (contract §16). */
  defaultLocale: string;
  locales: string[];
};

/** The active partner at this subdomain, or null (unknown, deactivated, or not a valid subdomain). */
export async function getHostedPartner(subdomain: string): Promise<HostedPartner | null> {
  // The same rule partners' subdomains were saved with: anything else cannot name one.
  const parsed = subdomainSchema.safeParse(subdomain);
  if (!parsed.success) return null;
  return hostedPartners.get(parsed.data);
}

/**
 * The deactivated partner at this subdomain (its name only), or null: its members are told the
 * programme is paused instead of "not found". Read only where getHostedPartner found no active one.
 */
export async function getPausedPartner(subdomain: string): Promise<{ name: string } | null> {
  const parsed = subdomainSchema.safeParse(subdomain);
  if (!parsed.success) return null;
  return pausedPartners.get(parsed.data);
}

// Partners change rarely: any change empties the whole cache (a subdomain may have moved).
const hostedPartners = new PushedCache<string, HostedPartner | null>(readHostedPartner, (cache) => ({ partner: () => cache.clear() }), 10_000);

const pausedPartners = new PushedCache<string, { name: string } | null>(
  async (subdomain) => {
    const partner = await db.partner.findUnique({ where: { subdomain }, select: { name: true, active: true } });
    return partner && !partner.active ? { name: partner.name } : null;
  },
  (cache) => ({ partner: () => cache.clear() }),
  10_000,
);

async function readHostedPartner(subdomain: string): Promise<HostedPartner | null> {
  const partner = await db.partner.findUnique({
    where: { subdomain },
    select: {
      id: true,
      name: true,
      subdomain: true,
      branding: true,
      deliveryMethod: true,
      active: true,
      freemiumEnabled: true,
      upgradeUrl: true,
      allowedIframeOrigins: true,
      customDomain: true,
      hidePoweredBy: true,
      memberSignIn: true,
      memberAccess: true,
      oidcClientSecretEncrypted: true,
      defaultLocale: true,
      locales: true,
    },
  });
  if (!partner || !partner.active) return null;
  const signIn = readMemberSignIn(partner);

  return {
    id: partner.id,
    name: partner.name,
    subdomain: partner.subdomain,
    branding: parseBranding(partner.branding),
    deliveryMethod: partner.deliveryMethod,
    freemiumEnabled: partner.freemiumEnabled,
    upgradeUrl: httpUrl(partner.upgradeUrl),
    allowedIframeOrigins: partner.allowedIframeOrigins.filter(isFrameOrigin),
    customDomain: partner.customDomain,
    hidePoweredBy: partner.hidePoweredBy,
    memberSignIn: {
      emailLink: signIn.email_link,
      oidc: signIn.oidc?.client_secret_set ? { displayName: signIn.oidc.display_name } : null,
      handoff: signIn.handoff,
    },
    memberAccess: partner.memberAccess,
    defaultLocale: partner.defaultLocale,
    locales: partner.locales,
  };
}

/**
 * The subdomain of the partner whose custom domain `hostname` is (lower-case, no port), or null.
 * Asked by the host routing for every host that is neither APP_DOMAIN nor one of its subdomains, so
 * the whole (small) table of custom domains is one cached entry: a stream of made-up Host headers
 * costs a map lookup each, never a query or a cache entry.
 */
export async function subdomainOfCustomDomain(hostname: string): Promise<string | null> {
  return (await customDomains.get("all")).get(hostname) ?? null;
}

const customDomains = new PushedCache<"all", Map<string, string>>(readCustomDomains, (cache) => ({ partner: () => cache.clear() }), 1);

async function readCustomDomains(): Promise<Map<string, string>> {
  const rows = await db.partner.findMany({ where: { customDomain: { not: null }, active: true }, select: { customDomain: true, subdomain: true } });
  return new Map(rows.map((r) => [r.customDomain!, r.subdomain]));
}

// Origins go into a CSP header: only what the schema accepts (scheme://host[:port], nothing that
// could add a directive), re-checked on read.
function isFrameOrigin(origin: string): boolean {
  return originSchema.safeParse(origin).success;
}

// Branding is stored JSON edited in the portal and rendered into CSS and <img> tags: keep only
// values that cannot break out of those contexts.
function parseBranding(raw: unknown): HostedBranding {
  const b = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return {
    primaryColor: color(b.primary_color),
    accentColor: color(b.accent_color),
    logoUrl: typeof b.logo_url === "string" && /^\/(?![/\\])[A-Za-z0-9._~\-/%]*$/.test(b.logo_url) ? b.logo_url : httpUrl(b.logo_url),
    headline: text(b.headline, 200),
    welcomeText: text(b.welcome_text, 2000),
  };
}

function color(v: unknown): string | null {
  return typeof v === "string" && /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(v) ? v : null;
}

function httpUrl(v: unknown): string | null {
  if (typeof v !== "string" || v.length > 2048) return null;
  try {
    const u = new URL(v);
    return u.protocol === "https:" || u.protocol === "http:" ? u.toString() : null;
  } catch {
    return null;
  }
}

function text(v: unknown, max: number): string | null {
  return typeof v === "string" && v.trim() ? v.trim().slice(0, max) : null;
}
