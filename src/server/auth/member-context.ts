// Per-request context of the member surfaces (their pages, server actions and the request's language,
// member-locale.ts): the partner behind the subdomain, the surface and base path the proxy resolved,
// and the signed-in member (re-checked against the database on every request by resolveMemberSession).
// React's cache() shares one lookup between layout and page.
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { MEMBER_COOKIE, MEMBER_HEADERS, type MemberSurface } from "@/lib/hosted/member-surface";
import { type HostedMember, resolveMemberSession } from "@perkway/server/services/members";
import { getHostedPartner, type HostedPartner } from "@perkway/server/services/partners";

type SurfaceContext = { surface: MemberSurface; base: string; secure: boolean; nonce: string | undefined };

export const getSurface = cache(async (subdomain: string): Promise<SurfaceContext> => {
  const h = await headers();
  const surface = h.get(MEMBER_HEADERS.surface) === "embed" ? "embed" : "hosted";
  const proxied = h.get(MEMBER_HEADERS.base);
  // Without the proxy (it always sets this), the app is reached at /p/{subdomain}.
  const base = proxied ?? `/p/${subdomain}`;
  return { surface, base, secure: h.get(MEMBER_HEADERS.secure) === "1", nonce: h.get(MEMBER_HEADERS.nonce) ?? undefined };
});

export const loadPartner = cache((subdomain: string): Promise<HostedPartner | null> => getHostedPartner(subdomain));

export const loadMember = cache(async (partner: HostedPartner): Promise<HostedMember | null> => {
  const jar = await cookies();
  return resolveMemberSession(partner.id, jar.get(MEMBER_COOKIE)?.value);
});

/** Attributes of the session cookie: host-only (no Domain), the surface's path, third-party-safe in the widget. */
export function sessionCookieOptions(ctx: SurfaceContext, expires?: Date) {
  const embed = ctx.surface === "embed" && ctx.secure;
  return {
    httpOnly: true,
    path: ctx.base || "/",
    secure: ctx.secure,
    sameSite: embed ? ("none" as const) : ("lax" as const),
    ...(embed ? { partitioned: true } : {}),
    ...(expires ? { expires } : {}),
  };
}
