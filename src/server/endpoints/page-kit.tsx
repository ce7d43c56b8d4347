// The small kit of the endpoints that are not the API (member sign-in, admin SSO, tracked links, the
// OpenID Connect test report): cookies through the `cookie` package, one 303 See Other, and small
// self-contained HTML pages rendered by React (renderToStaticMarkup: React escapes every text and
// attribute; the only raw HTML is our own stylesheet and the popup pages' nonce'd scripts).
import { parseCookie, type SerializeOptions, stringifySetCookie } from "cookie";
import type { ReactElement, ReactNode } from "react";
import { NO_FRAMING_HEADERS } from "@/server/http/page-request-guard";

/** Appends one Set-Cookie header. */
export function setCookie(headers: Headers, name: string, value: string, options: SerializeOptions): void {
  headers.append("Set-Cookie", stringifySetCookie(name, value, options));
}

/** The request's cookies by name. */
export function readCookies(request: Request): Record<string, string | undefined> {
  return parseCookie(request.headers.get("cookie") ?? "");
}

/** 303 to `location`, never cached, telling the next site nothing of where the browser came from. */
export function seeOther(location: string, headers = new Headers()): Response {
  headers.set("Location", location);
  headers.set("Cache-Control", "no-store");
  headers.set("Referrer-Policy", "no-referrer");
  return new Response(null, { status: 303, headers });
}

const MESSAGE_STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:32rem;margin:12vh auto;padding:2rem 1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
h1{font-size:1.375rem;margin:0 0 .75rem}p{line-height:1.5;margin:0 0 1.25rem;color:#334155}
a{display:inline-block;background:#0f172a;color:#fff;padding:.625rem 1rem;border-radius:.5rem;text-decoration:none;font-weight:600;margin:0 .5rem .5rem 0}
a+a{background:#fff;color:#0f172a;border:1px solid #cbd5e1}
a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
@media (max-width:480px){main{margin:0;border-radius:0;border-left:0;border-right:0;min-height:100vh;box-sizing:border-box}}`;

type PageScript = { nonce: string; code: string };

/**
 * A page of its own: no remote resources, no scripts but a nonce'd inline one, not indexed. A whole
 * document rendered to a string outside Next's pages, so next/head has no part in it.
 */
export function SmallPage(props: { lang: string; dir?: "ltr" | "rtl"; title: string; style?: string; testId?: string; script?: PageScript; children: ReactNode }) {
  return (
    <html lang={props.lang} dir={props.dir}>
      {/* eslint-disable-next-line @next/next/no-head-element -- a whole document rendered to a string, not a Next page */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{props.title}</title>
        <style dangerouslySetInnerHTML={{ __html: props.style ?? MESSAGE_STYLE }} />
      </head>
      <body>
        <main data-testid={props.testId}>
          <h1>{props.title}</h1>
          {props.children}
        </main>
        {props.script ? <script nonce={props.script.nonce} dangerouslySetInnerHTML={{ __html: props.script.code }} /> : null}
      </body>
    </html>
  );
}

export type PageLink = { href: string; label: string };

/** A title, a sentence and where to go next: what every refusal and notice of these endpoints is. */
export function messagePage(page: { lang: string; dir?: "ltr" | "rtl"; title: string; text: string; links: PageLink[]; testId?: string; script?: PageScript }): ReactElement {
  return (
    <SmallPage lang={page.lang} dir={page.dir} title={page.title} testId={page.testId} script={page.script}>
      <p>{page.text}</p>
      {page.links.map((l) => (
        <a key={l.href + l.label} href={l.href}>
          {l.label}
        </a>
      ))}
    </SmallPage>
  );
}

// React's static renderer, loaded on first use as React Email loads it (src/emails/render-email.ts):
// Next refuses a static import of react-dom/server in route handlers, the proxy and anything server
// components import, and these pages are whole documents answered by fetch-style handlers.
let renderer: Promise<typeof import("react-dom/server")> | null = null;

async function renderDocument(page: ReactElement): Promise<string> {
  renderer ??= import("react-dom/server");
  return `<!doctype html>\n${(await renderer).renderToStaticMarkup(page)}\n`;
}

/**
 * The page as a response: no caching, no sniffing, no referrer; scripts only with the page's nonce.
 * Framing is refused, except in the widget (`embed`), where the proxy's frame-ancestors apply.
 */
export async function pageResponse(status: number, page: ReactElement, opts: { embed?: boolean; nonce?: string; headers?: Headers } = {}): Promise<Response> {
  const headers = opts.headers ?? new Headers();
  const script = opts.nonce ? `script-src 'nonce-${opts.nonce}'` : "script-src 'none'";
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  headers.set("Content-Security-Policy", `default-src 'none'; ${script}; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'${opts.embed ? "" : "; frame-ancestors 'none'"}`);
  if (!opts.embed) headers.set("X-Frame-Options", NO_FRAMING_HEADERS["X-Frame-Options"]);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "no-referrer");
  return new Response(await renderDocument(page), { status, headers });
}
