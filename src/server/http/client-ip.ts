// The client's IP address, for the per-IP rate limits and the sign-in throttle: the one place it is
// worked out. It comes from the socket: the node:http adapter records it for each Request it builds
// (node-adapter.ts), and our server hands it to Next in CLIENT_IP_HEADER (server.ts). X-Forwarded-For
// is trusted only with TRUST_PROXY=1 (the app runs behind one reverse proxy that appends the
// client's address), and then its last entry — the one our proxy added — is used. Anything else a
// client sends is ignored.
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { setting } from "@/server/config/env";

/** Set by our server from the socket (src/server/server.ts); anything a client sends is replaced. */
export const CLIENT_IP_HEADER = "x-perkway-client-ip";
/** Beside it, this process's secret: under `next start` no server of ours sets (or strips) the header,
 *  so a value a client sent is recognized by the missing marker and ignored. */
const CLIENT_IP_MARKER_HEADER = "x-perkway-client-ip-marker";
const markerHolder = globalThis as unknown as { perkwayClientIpMarker?: string };
const marker = (markerHolder.perkwayClientIpMarker ??= randomBytes(18).toString("base64url"));

/** Our server, before handing a request to Next: the socket's address, vouched for (server.ts). */
export function setPageClientIp(headers: Record<string, string | string[] | undefined>, socketIp: string | undefined): void {
  if (socketIp) {
    headers[CLIENT_IP_HEADER] = normalizeIp(socketIp);
    headers[CLIENT_IP_MARKER_HEADER] = marker;
  } else {
    delete headers[CLIENT_IP_HEADER];
    delete headers[CLIENT_IP_MARKER_HEADER];
  }
}

/**
 * The client's IP in a page, server action or next-auth callback: the last X-Forwarded-For entry with
 * TRUST_PROXY=1, else the socket address our server vouched for; null behind Next's own server
 * without TRUST_PROXY (nothing trustworthy to go on).
 */
export function pageClientIp(get: (name: string) => string | null | undefined, trustProxy = setting("trustProxy")): string | null {
  const vouched = get(CLIENT_IP_MARKER_HEADER) === marker ? get(CLIENT_IP_HEADER) : null;
  return resolveClientIp(vouched, get("x-forwarded-for"), trustProxy);
}

const socketIps = new WeakMap<Request, string>();

export function rememberClientIp(request: Request, ip: string | undefined): void {
  if (ip) socketIps.set(request, normalizeIp(ip));
}

/**
 * The client's IP from the socket's address and the X-Forwarded-For header: the header's last entry
 * behind our own proxy (`trustProxy`), else the socket's. Null when neither is an IP address.
 */
function resolveClientIp(socketIp: string | null | undefined, forwardedFor: string | null | undefined, trustProxy = setting("trustProxy")): string | null {
  if (trustProxy) {
    const last = forwardedFor?.split(",").map((s) => s.trim()).filter(Boolean).pop();
    if (last && isIP(normalizeIp(last))) return normalizeIp(last);
  }
  const ip = socketIp?.trim();
  return ip && isIP(normalizeIp(ip)) ? normalizeIp(ip) : null;
}

/** A Request built by our node:http adapter. */
export function clientIpOf(request: Request, trustProxy = setting("trustProxy")): string | null {
  return resolveClientIp(socketIps.get(request), request.headers.get("x-forwarded-for"), trustProxy);
}

/** A request no Request was built for (a refusal before it): the same rule from node's message. */
export function clientIpOfMessage(req: { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string } }, withSocket: boolean): string | null {
  const forwarded = req.headers["x-forwarded-for"];
  return resolveClientIp(withSocket ? req.socket.remoteAddress : null, Array.isArray(forwarded) ? forwarded.join(",") : forwarded);
}

/** `::ffff:1.2.3.4` (IPv4 on a dual-stack socket) is 1.2.3.4. */
function normalizeIp(ip: string): string {
  return ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}
