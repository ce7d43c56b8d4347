// The small self-contained pages of member sign-in through the partner's identity (hand-off and
// OpenID Connect): every refusal says what to do, and the widget's popup hands its sign-in to the
// frame. Their words are the "signInPages" messages in the member's language (signInWords in
// member-sign-in.ts picks it as the hosted app does), formatted by the server's one translator.
import type en from "../../../messages/en.json";
import type { translatorFor } from "@/lib/messages";
import { NO_FRAMING_HEADERS } from "@/server/http/page-request-guard";

/** The pages' translator ("signInPages" messages) with its language and direction. */
export type SignInWords = ReturnType<typeof translatorFor<"signInPages">>;

export type OidcPageReason = keyof (typeof en)["signInPages"]["oidc"];

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

type Link = { href: string; label: string };

function page(words: SignInWords, title: string, body: string, links: Link[], script?: { nonce: string; code: string }): string {
  return `<!doctype html>
<html lang="${words.lang}" dir="${words.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:32rem;margin:12vh auto;padding:2rem 1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
h1{font-size:1.375rem;margin:0 0 .75rem}p{line-height:1.5;margin:0 0 1.25rem;color:#334155}
a{display:inline-block;background:#0f172a;color:#fff;padding:.625rem 1rem;border-radius:.5rem;text-decoration:none;font-weight:600;margin:0 .5rem .5rem 0}
a+a{background:#fff;color:#0f172a;border:1px solid #cbd5e1}
a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
@media (max-width:480px){main{margin:0;border-radius:0;border-left:0;border-right:0;min-height:100vh;box-sizing:border-box}}
</style></head>
<body><main data-testid="member-sign-in-page"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>${links.map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`).join("")}</main>${
    script ? `<script nonce="${escapeHtml(script.nonce)}">${script.code}</script>` : ""
  }</body></html>
`;
}

/** The page's headers: framing refused on the hosted app; in the widget the proxy's frame-ancestors apply. */
export function pageResponse(status: number, html: string, opts: { embed: boolean; nonce?: string; headers?: Headers }): Response {
  const headers = opts.headers ?? new Headers();
  const script = opts.nonce ? `script-src 'nonce-${opts.nonce}'` : "script-src 'none'";
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  headers.set("Content-Security-Policy", `default-src 'none'; ${script}; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'${opts.embed ? "" : "; frame-ancestors 'none'"}`);
  if (!opts.embed) headers.set("X-Frame-Options", NO_FRAMING_HEADERS["X-Frame-Options"]);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "no-referrer");
  return new Response(html, { status, headers });
}

/** One page for every refused hand-off (401): which check failed is for the logs, not the member. */
export function handoffRefusedPage(words: SignInWords, partnerName: string, base: string, embed: boolean): Response {
  const { t } = words;
  return pageResponse(401, page(words, t("handoffTitle"), t("handoffBody", { partner: partnerName }), [{ href: `${base}/`, label: t("backToSignIn") }]), { embed });
}

/** Our own trouble (the database away, an unexpected error): 503 with Retry-After, never a bare 500. */
export function unavailablePage(words: SignInWords, base: string, embed: boolean): Response {
  const { t } = words;
  const headers = new Headers({ "Retry-After": "5" });
  return pageResponse(503, page(words, t("unavailable.title"), t("unavailable.body"), [{ href: `${base}/`, label: t("backToSignIn") }]), { embed, headers });
}

export function oidcRefusedPage(words: SignInWords, status: number, reason: OidcPageReason, vars: { partner: string; idp: string }, base: string, opts: { embed: boolean; popup?: boolean; headers?: Headers }): Response {
  const { t } = words;
  const retry = reason === "access_denied" || reason === "bad_state" || reason === "invalid_response" || reason === "idp_unreachable" || reason === "email_required";
  const links: Link[] = [
    // In the widget's popup, trying again stays a popup sign-in (its result goes to the frame).
    ...(retry ? [{ href: `${base}/auth/oidc/start${opts.popup ? "?popup=1" : ""}`, label: t("tryAgain") }] : []),
    { href: `${base}/`, label: t("backToSignIn") },
  ];
  return pageResponse(status, page(words, t(`oidc.${reason}.title`, vars), t(`oidc.${reason}.body`, vars), links), { embed: opts.embed, headers: opts.headers });
}

/**
 * The popup's last page: hands the one-time completion code to the widget's frame that opened it
 * (postMessage to our own origins only, so no other site's window can receive it), then closes.
 * When the IdP's pages cut the popup off from its opener (Cross-Origin-Opener-Policy, as large IdPs
 * send), the frame collects the sign-in itself (/auth/oidc/watch): this page tells the member to go back.
 */
export function popupDonePage(words: SignInWords, code: string, targetOrigins: string[], nonce: string, headers?: Headers): Response {
  const data = JSON.stringify({ code, origins: targetOrigins }).replace(/</g, "\\u003c");
  const js = `(function(){var d=${data};var o=window.opener;if(o&&!o.closed){d.origins.forEach(function(t){try{o.postMessage({type:"perkway:oidc-complete",code:d.code},t)}catch(e){}});}try{window.close()}catch(e){}})();`;
  return pageResponse(200, page(words, words.t("popupDone"), words.t("popupDoneReturn"), [], { nonce, code: js }), { embed: false, nonce, headers });
}

/**
 * The popup's first page (GET /auth/oidc/start?popup=1, no link yet), while its opener is still ours:
 * it asks the frame that opened it for the link (the SHA-256 of a secret the frame keeps), then goes on
 * to the IdP with it. Messages go to and come from our own origins only; a window nobody of ours opened
 * gets no link, so a sign-in link sent to someone else can never be collected by the sender's frame.
 */
export function popupHandshakePage(words: SignInWords, /** this start's path and query, relative to the page */ startUrl: string, targetOrigins: string[], nonce: string): Response {
  const data = JSON.stringify({ startUrl, origins: targetOrigins, noOpener: words.t("popupNoOpener") }).replace(/</g, "\\u003c");
  const js = `(function(){var d=${data};var o=window.opener;function stop(){var p=document.querySelector("main p");if(p)p.textContent=d.noOpener;}if(!o||o.closed){stop();return;}var t=setTimeout(stop,10000);window.addEventListener("message",function(e){if(d.origins.indexOf(e.origin)<0||e.source!==o)return;var m=e.data;if(!m||m.type!=="perkway:oidc-popup-link"||typeof m.link!=="string"||!/^[0-9a-f]{64}$/.test(m.link))return;clearTimeout(t);var u=new URL(d.startUrl,location.href);u.searchParams.set("link",m.link);location.replace(u.href);});d.origins.forEach(function(t){try{o.postMessage({type:"perkway:oidc-popup-ready"},t)}catch(e){}});})();`;
  return pageResponse(200, page(words, words.t("popupConnecting"), "", [], { nonce, code: js }), { embed: false, nonce });
}
