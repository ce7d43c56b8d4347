// The app's API and its member sign-in handlers (hand-off, OIDC) on one local port, with the path
// fallback (/p/{subdomain}/…, /embed/{subdomain}?handoff=…) standing in for the proxy's routing: the
// same fetch-style handlers Next's route handlers call (src/server/endpoints/member-sign-in.ts).
// The portal admins' SSO handlers (/login/sso/start, /login/sso/callback: src/server/endpoints/admin-sso.ts)
// answer on the same port, which is the portal's host (APP_DOMAIN) here.
import { handleApiRequest } from "@/server/rest/handle-api-request";
import { listenApi } from "@/server/rest/listen-api";
import { memberSignInHandler } from "@/server/endpoints/member-sign-in";
import { adminSsoCallback, adminSsoStart } from "@/server/endpoints/admin-sso";

export type SignInServer = { url: string; close: () => Promise<void> };

export async function startSignInServer(): Promise<SignInServer> {
  const handler = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === "/login/sso/start") return adminSsoStart(request);
    if (url.pathname === "/login/sso/callback") return adminSsoCallback(request);
    const host = (request.headers.get("host") ?? "").toLowerCase();
    const m = /^\/(p|embed)\/([a-z0-9-]+)(\/.*)?$/.exec(url.pathname);
    if (!m) return handleApiRequest(request);
    const ctx = { subdomain: m[2], surface: m[1] === "embed" ? ("embed" as const) : ("hosted" as const), base: `/${m[1]}/${m[2]}`, secure: false, host };
    if (m[1] === "embed" && !m[3] && url.searchParams.has("handoff")) return memberSignInHandler("/auth/handoff")!(request, ctx);
    const h = memberSignInHandler(m[3] ?? "");
    return h ? h(request, ctx) : new Response("not found", { status: 404 });
  };
  const { url, close } = await listenApi({ handler });
  // Links and the redirect URI are built from configuration: point it at this server.
  process.env.APP_DOMAIN = new URL(url).host;
  process.env.HOSTED_APP_PATH_FALLBACK = "1";
  process.env.APP_URL_SCHEME = "http";
  return { url, close };
}

/** A browser's cookie jar, enough for one host path-less: name → value. */
export class CookieJar {
  private cookies = new Map<string, Map<string, string>>();
  store(url: string, res: Response) {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const [name, ...rest] = pair.trim().split("=");
      const value = rest.join("=");
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(host, jar);
  }
  header(url: string): string {
    const jar = this.cookies.get(new URL(url).host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  }
  get(url: string, name: string): string | undefined {
    return this.cookies.get(new URL(url).host)?.get(name);
  }
}

/** GET (or POST a form) without following redirects, with the jar's cookies. */
export async function browse(jar: CookieJar, url: string, form?: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const res = await fetch(url, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: { cookie: jar.header(url), ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}), ...headers },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  jar.store(url, res);
  return res;
}

/**
 * Through the test IdP's forms (test/helpers/oidc-provider.ts) until it sends the browser back to
 * `appUrl`: login as `who`, then consent (or abort). Returns the callback URL, not yet opened.
 */
export async function throughIdp(appUrl: string, jar: CookieJar, authorizationUrl: string, who: string, opts: { abort?: boolean } = {}): Promise<string> {
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(appUrl)) return url;
    const res = await browse(jar, url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url).href;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`the IdP answered ${res.status}: ${html.slice(0, 500)}`);
    const action = new URL(/action="([^"]+)"/.exec(html)![1], url).href;
    if (opts.abort) {
      url = new URL(`${action.replace(/\/$/, "")}/abort`, url).href;
      continue;
    }
    const form: Record<string, string> = html.includes('name="login"') ? { prompt: "login", login: who, password: "any" } : { prompt: "consent" };
    const posted = await browse(jar, action, form);
    if (posted.status !== 303) throw new Error(`the IdP's form answered ${posted.status}`);
    url = new URL(posted.headers.get("location")!, action).href;
  }
  throw new Error("the IdP never sent the browser back");
}
