// A partner's custom domain over real HTTP: the product's request listener (src/server/server.ts)
// with the app's real host routing (src/proxy.ts) in front of a stand-in for Next's pages, which,
// like the hosted layout, looks up the partner of the /p/{subdomain} route the proxy chose. A request
// whose Host is the custom domain gets that partner's hosted app exactly as {subdomain}.{APP_DOMAIN}
// does; an unknown host gets the portal; tracked links (/r/…, lean path) work on the domain too.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { MEMBER_HEADERS } from "@/lib/hosted/member-surface";
import { hostnameOf } from "@/server/config/app-host";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { listenHttp, type HttpListener } from "@/server/http/request-listener";
import { productRequestListener } from "@/server/server";
import { parseWith } from "@/server/errors/parse-with";
import { partnerUpdateSchema, type PartnerUpdateInput } from "@/server/schemas/partner.schema";
import { getHostedPartner, updatePartner } from "@/server/services/partners";
import { seedPartner } from "../helpers/seed";

/** A settings change as the operator CLI makes it: validated with the schema, then saved. */
const operatorUpdate = async (partnerId: string, raw: PartnerUpdateInput) => updatePartner("operator", partnerId, parseWith(partnerUpdateSchema, raw));

/** Next's part: the proxy, then "the page": the partner of the /p route, or the portal. */
async function pagesStandIn(req: http.IncomingMessage, res: http.ServerResponse) {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const routed = await proxy(new NextRequest(`http://${req.headers.host}${req.url}`, { method: req.method, headers }));
  const rewrite = routed.headers.get("x-middleware-rewrite");
  const path = rewrite ? new URL(rewrite).pathname : (req.url ?? "/").split("?")[0];
  const csp = routed.headers.get("content-security-policy") ?? "";
  const m = /^\/p\/([^/]+)(\/.*)?$/.exec(path);
  const partner = m ? await getHostedPartner(m[1]) : null;
  const surface = routed.headers.get(`x-middleware-request-${MEMBER_HEADERS.surface}`);
  res.writeHead(m && !partner ? 404 : 200, { "content-type": "application/json", "content-security-policy": csp });
  res.end(JSON.stringify({ path, surface, base: routed.headers.get(`x-middleware-request-${MEMBER_HEADERS.base}`), partner: partner?.name ?? null }));
}

function get(server: HttpListener, path: string, host: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: server.port, path, method: "GET", headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const json = (r: { body: string }) => JSON.parse(r.body) as { path: string; surface: string | null; base: string | null; partner: string | null };

let server: HttpListener;
let a: Awaited<ReturnType<typeof seedPartner>>;
let b: Awaited<ReturnType<typeof seedPartner>>;
const domainA = `perks-${Math.random().toString(36).slice(2, 8)}.partner-a.example`;

beforeAll(async () => {
  server = await listenHttp(productRequestListener((req, res) => void pagesStandIn(req, res)));
  [a, b] = await Promise.all([seedPartner(), seedPartner()]);
  await operatorUpdate(a.partner.id, { custom_domain: domainA });
});
afterAll(async () => server?.close());

describe("custom domain host routing", () => {
  it("serves the partner's hosted app on its custom domain, exactly as on its subdomain", async () => {
    const onDomain = await get(server, "/deals/x?q=1", domainA);
    const onSub = await get(server, "/deals/x?q=1", `${a.partner.subdomain}.${hostedAppConfig().appDomain}`);
    expect(onDomain.status).toBe(200);
    expect(json(onDomain)).toEqual({ path: `/p/${a.partner.subdomain}/deals/x`, surface: "hosted", base: "", partner: a.partner.name });
    expect(json(onDomain)).toEqual(json(onSub));
    // The member surfaces' CSP (nonce, no framing) on the custom host too.
    expect(onDomain.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(onDomain.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    // Case and port do not matter; the widget is served from the domain too.
    expect(json(await get(server, "/", `${domainA.toUpperCase()}:8443`)).partner).toBe(a.partner.name);
    expect(json(await get(server, `/embed/${a.partner.subdomain}`, domainA))).toMatchObject({ surface: "embed", base: `/embed/${a.partner.subdomain}`, partner: a.partner.name });
  });

  it("an unknown host gets no partner's hosted app (the portal, not framable), and another partner's path is not reachable by host", async () => {
    const unknown = await get(server, "/", "perks.unknown-host.example");
    expect(json(unknown)).toEqual({ path: "/", surface: null, base: null, partner: null });
    expect(unknown.headers["content-security-policy"]).toBe("frame-ancestors 'none'");
    // On A's domain, B's subdomain in the path stays under A's app (a 404 there), never B's app.
    const cross = await get(server, `/p/${b.partner.subdomain}`, domainA);
    expect(json(cross).path).toBe(`/p/${a.partner.subdomain}/p/${b.partner.subdomain}`);
    expect(json(cross).partner).toBe(a.partner.name);
    expect(json(await get(server, `/embed/${b.partner.subdomain}`, domainA)).surface).toBe("hosted");
  });

  it("answers tracked links on the custom domain on the lean path; an unknown host's /r goes on to the pages", async () => {
    const onDomain = await get(server, "/r/clk_unknown", domainA);
    expect(onDomain.status).toBe(404);
    expect(onDomain.body).toContain("This link is not valid any more");
    const unknown = await get(server, "/r/clk_unknown", "nobody.unknown-host.example");
    expect(json(unknown).partner).toBeNull();
  });

  it("stops routing the domain once the partner removes it (or is deactivated)", async () => {
    const c = await seedPartner();
    const domain = `perks-${Math.random().toString(36).slice(2, 8)}.partner-c.example`;
    await operatorUpdate(c.partner.id, { custom_domain: domain });
    await expect.poll(async () => json(await get(server, "/", domain)).partner).toBe(c.partner.name);
    await operatorUpdate(c.partner.id, { active: false });
    await expect.poll(async () => json(await get(server, "/", domain)).partner).toBeNull();
    await operatorUpdate(c.partner.id, { active: true, custom_domain: null });
    await expect.poll(async () => json(await get(server, "/", domain)).surface).toBeNull();
  });
});

describe("who may claim a domain", () => {
  it("two partners cannot claim the same domain (409 custom_domain_taken), whatever its case", async () => {
    const err = await operatorUpdate(b.partner.id, { custom_domain: ` ${domainA.toUpperCase()} ` }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "custom_domain_taken", param: "custom_domain" });
    expect(json(await get(server, "/", domainA)).partner).toBe(a.partner.name);
  });

  it("a domain cannot be APP_DOMAIN or a name under it (that is every partner's subdomain and the portal)", async () => {
    const main = hostnameOf(hostedAppConfig().appDomain);
    for (const domain of [main, `${b.partner.subdomain}.${main}`, `x.${a.partner.subdomain}.${main}`]) {
      const err = await operatorUpdate(b.partner.id, { custom_domain: domain }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: "parameter_invalid", param: "custom_domain" });
    }
  });

  it("refuses what is not a host name", async () => {
    for (const domain of ["https://perks.example.com", "perks.example.com/path", "localhost", "127.0.0.1", "perks example.com", "perks.example.com:8443", "*.example.com"]) {
      const err = await operatorUpdate(b.partner.id, { custom_domain: domain }).catch((e: unknown) => e);
      expect(err, domain).toMatchObject({ code: "parameter_invalid" });
    }
  });
});
