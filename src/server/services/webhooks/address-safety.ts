// No deliveries to private, loopback, link-local or otherwise non-public addresses (SSRF), unless
// the operator allows them (WEBHOOK_ALLOW_PRIVATE=1). Checked when an endpoint is saved (a clear
// 400) and again for every connection the worker opens, on the address it actually connects to,
// so a DNS answer that changes after the check (rebinding) gains nothing.
import dns from "node:dns";
import net from "node:net";
import { AppError } from "@/server/errors/app-error";

const blocked = new net.BlockList();
for (const [net4, bits] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) blocked.addSubnet(net4, bits, "ipv4");
for (const [net6, bits] of [
  ["::", 96], // unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d
  ["64:ff9b::", 96], // NAT64 of any IPv4 address
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10],
  ["ff00::", 8], // multicast
] as const) blocked.addSubnet(net6, bits, "ipv6");

/** True for any address a webhook must not reach without WEBHOOK_ALLOW_PRIVATE. */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], "ipv4");
  if (blocked.check(address, "ipv6")) return true;
  // 6to4 (2002:AABB:CCDD::/48) carries an IPv4 address that a relay would reach.
  const h = hextets(address);
  if (h && h[0] === 0x2002) return blocked.check(`${h[1] >> 8}.${h[1] & 255}.${h[2] >> 8}.${h[2] & 255}`, "ipv4");
  return false;
}

/** The eight 16-bit groups of an IPv6 address (with a dotted IPv4 tail), or null. */
function hextets(address: string): number[] | null {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) text = text.slice(0, v4.index) + (((+v4[1] << 8) | +v4[2]).toString(16)) + ":" + (((+v4[3] << 8) | +v4[4]).toString(16));
  const [head, tail] = text.split("::");
  const a = head ? head.split(":") : [];
  const b = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = tail === undefined ? a : [...a, ...Array(8 - a.length - b.length).fill("0"), ...b];
  return groups.length === 8 ? groups.map((g) => parseInt(g, 16)) : null;
}

class NonPublicAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private, loopback or link-local address`);
    this.name = "NonPublicAddressError";
  }
}

type LookupResult = { address: string; family: number }[];

function lookupAll(hostname: string): Promise<LookupResult> {
  return dns.promises.lookup(hostname, { all: true, verbatim: true });
}

/** The hostname of a URL without IPv6 brackets. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * When an endpoint is saved: refuse a URL whose host is, or resolves to, a non-public address.
 * A host that does not resolve (yet) is accepted: the worker checks again on every connection.
 */
export async function assertPublicWebhookUrl(rawUrl: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = bareHost(new URL(rawUrl));
  const refuse = (address: string) =>
    // Plain words (issue 44): the field is named by param, not by a "url: " prefix.
    new AppError("webhook_url_not_allowed", `${host === address ? `${address} is` : `${host} points to ${address}, which is`} a private address (this machine or an internal network). Webhooks are only sent to public internet addresses.`, {
      param: "url",
    });
  if (host === "localhost" || host.endsWith(".localhost")) throw refuse(host);
  if (net.isIP(host)) {
    if (isNonPublicAddress(host)) throw refuse(host);
    return;
  }
  let addresses: LookupResult;
  try {
    addresses = await Promise.race([
      lookupAll(host),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), 3_000).unref()),
    ]);
  } catch {
    return;
  }
  const bad = addresses.find((a) => isNonPublicAddress(a.address));
  if (bad) throw refuse(bad.address);
}

/**
 * A `lookup` for node:http(s) that resolves every address of the host and refuses the connection
 * when any of them is non-public (all, not just the first: a later one could be tried on failure).
 */
export function safeLookup(allowPrivate: boolean): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void) => {
    lookupAll(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
        const bad = allowPrivate ? undefined : addresses.find((a) => isNonPublicAddress(a.address));
        if (bad) return callback(new NonPublicAddressError(hostname, bad.address), "", 0);
        const wanted = options?.family === 4 || options?.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        const list = wanted.length ? wanted : addresses;
        if (options?.all) callback(null, list);
        else callback(null, list[0].address, list[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 0),
    );
  }) as net.LookupFunction;
}
