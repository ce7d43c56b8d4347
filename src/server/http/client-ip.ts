// The client's IP address, for the per-IP rate limits. It comes from the socket: the node:http
// adapter records it for each Request it builds (node-adapter.ts). X-Forwarded-For is trusted only
// with TRUST_PROXY=1 (the app runs behind one reverse proxy that appends the client's address), and
// then its last entry — the one our proxy added — is used. Anything else a client sends is ignored.
import { isIP } from "node:net";

const socketIps = new WeakMap<Request, string>();

export function rememberClientIp(request: Request, ip: string | undefined): void {
  if (ip) socketIps.set(request, normalizeIp(ip));
}

export function clientIpOf(request: Request, trustProxy = process.env.TRUST_PROXY === "1"): string | null {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for");
    const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
    if (last && isIP(normalizeIp(last))) return normalizeIp(last);
  }
  return socketIps.get(request) ?? null;
}

/** `::ffff:1.2.3.4` (IPv4 on a dual-stack socket) is 1.2.3.4. */
function normalizeIp(ip: string): string {
  return ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}
