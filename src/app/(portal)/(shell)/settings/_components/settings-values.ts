// The settings form's values: flat form fields from the partner record (valuesOf), mapped to the
// settings.update input (toInput), and an input path or a server refusal mapped back to its field.
import type { AUDIENCE_REGIONS, DELIVERY_METHODS, PARTNER_TYPES } from "@/server/domain/enums";
import { PROFILE_DIMENSIONS, type ProfileDimension } from "@/server/domain/member-profile";
import { originSchema, type MEMBER_ACCESS_MODES, type PartnerSettingsInput } from "@/server/schemas/partner.schema";
import type { RouterOutputs } from "@/trpc/react";

export type Settings = RouterOutputs["settings"]["get"];

export type Values = {
  name: string;
  type: (typeof PARTNER_TYPES)[number];
  regions: (typeof AUDIENCE_REGIONS)[number][];
  delivery_method: (typeof DELIVERY_METHODS)[number];
  subdomain: string;
  primary_color: string;
  logo_url: string;
  headline: string;
  welcome_text: string;
  freemium_enabled: boolean;
  upgrade_url: string;
  origins: string;
  member_access: (typeof MEMBER_ACCESS_MODES)[number];
  domains: string;
  support_email: string;
  custom_domain: string;
  hide_powered_by: boolean;
  share_name_with_providers: boolean;
  default_locale: string;
  locales: string[];
  /** "Members may answer": saved by settings.setMemberProfile with the rest, under the one save bar. */
  profile_dimensions: ProfileDimension[];
};

export function valuesOf(p: Settings["partner"], dimensions: readonly string[]): Values {
  return {
    name: p.name,
    type: p.type,
    regions: p.regions,
    delivery_method: p.delivery_method,
    subdomain: p.subdomain,
    primary_color: p.branding.primary_color ?? "",
    logo_url: p.branding.logo_url ?? "",
    headline: p.branding.headline ?? "",
    welcome_text: p.branding.welcome_text ?? "",
    freemium_enabled: p.freemium_enabled,
    upgrade_url: p.upgrade_url ?? "",
    origins: p.allowed_iframe_origins.join("\n"),
    member_access: p.member_access,
    domains: p.allowed_email_domains.join("\n"),
    support_email: p.support_email ?? "",
    // The domain asked for and not verified yet, else the verified one (the form edits the request).
    custom_domain: p.custom_domain_pending?.domain ?? p.custom_domain ?? "",
    hide_powered_by: p.hide_powered_by,
    share_name_with_providers: p.share_name_with_providers,
    default_locale: p.default_locale,
    locales: p.locales,
    profile_dimensions: dimensions.filter((d): d is ProfileDimension => (PROFILE_DIMENSIONS as readonly string[]).includes(d)),
  };
}

const originLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** Form values → the settings.update input. Branding keeps keys the page does not edit (accent_color). */
export function toInput(v: Values, branding: Record<string, string>): PartnerSettingsInput {
  const opt = (s: string) => (s.trim() === "" ? undefined : s.trim());
  return {
    name: v.name,
    type: v.type,
    regions: v.regions,
    delivery_method: v.delivery_method,
    subdomain: v.subdomain,
    branding: { ...branding, primary_color: opt(v.primary_color), logo_url: opt(v.logo_url), headline: opt(v.headline), welcome_text: opt(v.welcome_text) },
    freemium_enabled: v.freemium_enabled,
    upgrade_url: v.upgrade_url.trim() === "" ? null : v.upgrade_url.trim(),
    allowed_iframe_origins: originLines(v.origins),
    member_access: v.member_access,
    allowed_email_domains: originLines(v.domains),
    support_email: v.support_email.trim() === "" ? null : v.support_email.trim(),
    custom_domain: v.custom_domain.trim() === "" ? null : v.custom_domain.trim(),
    hide_powered_by: v.hide_powered_by,
    share_name_with_providers: v.share_name_with_providers,
    default_locale: v.default_locale,
    locales: v.locales.includes(v.default_locale) ? v.locales : [...v.locales, v.default_locale],
  };
}

export const DOMAIN_NAME = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const SERVER_MESSAGES: Record<string, string> = {
  subdomain_taken: "This subdomain is already taken by another partner. Choose another one.",
  custom_domain_taken: "Another partner already uses this domain. Check the spelling, or contact support if it is yours.",
};

export function originsProblem(text: string): string {
  const lines = originLines(text);
  const bad = lines.findIndex((o) => !originSchema.safeParse(o).success);
  if (bad < 0) return lines.length > 50 ? "At most 50 origins." : "Check the origins.";
  return `Line ${bad + 1} (${lines[bad]}) is not an origin like https://example.com: scheme, host and optional port, no path or wildcard.`;
}

/** An input path ("branding.logo_url", "allowed_iframe_origins[1]") → the form field showing it. */
export function fieldOf(path: string): keyof Values | null {
  if (path.startsWith("branding.")) {
    const key = path.slice("branding.".length);
    return (["primary_color", "logo_url", "headline", "welcome_text"] as const).find((k) => k === key) ?? null;
  }
  if (path.startsWith("allowed_iframe_origins")) return "origins";
  if (path.startsWith("allowed_email_domains")) return "domains";
  if (path === "member_access") return "member_access";
  if (path === "support_email") return "support_email";
  if (path === "custom_domain") return "custom_domain";
  if (path === "hide_powered_by") return "hide_powered_by";
  if (path === "share_name_with_providers") return "share_name_with_providers";
  if (path === "default_locale") return "default_locale";
  if (path.startsWith("locales")) return "locales";
  const known: (keyof Values)[] = ["name", "type", "regions", "delivery_method", "subdomain", "freemium_enabled", "upgrade_url"];
  return known.find((k) => path === k || path.startsWith(`${k}[`)) ?? null;
}
