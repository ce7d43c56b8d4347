// The small self-contained pages of member sign-in through the partner's identity (hand-off and
// OpenID Connect): every refusal says what to do, and the widget's popup hands its sign-in to the
// frame. Their words are the "signInPages" messages in the member's language (signInWords in
// member-sign-in.ts picks it as the hosted app does), formatted by the server's one translator.
import type en from "../../../messages/en.json";
import type { translatorFor } from "@/lib/messages";
import { messagePage, type PageLink, pageResponse } from "./page-kit";

/** The pages' translator ("signInPages" messages) with its language and direction. */
export type SignInWords = ReturnType<typeof translatorFor<"signInPages">>;

export type OidcPageReason = keyof (typeof en)["signInPages"]["oidc"];

/** A sign-in page in the member's language, with its links and, in the widget's popup, its script. */
function page(words: SignInWords, title: string, body: string, links: PageLink[], script?: { nonce: string; code: string }) {
  return messagePage({ lang: words.lang, dir: words.dir, title, text: body, links, testId: "member-sign-in-page", script });
}

/** One page for every refused hand-off (401): which check failed is for the logs, not the member. */
export function handoffRefusedPage(words: SignInWords, partnerName: string, base: string, embed: boolean): Promise<Response> {
  const { t } = words;
  return pageResponse(401, page(words, t("handoffTitle"), t("handoffBody", { partner: partnerName }), [{ href: `${base}/`, label: t("backToSignIn") }]), { embed });
}

/** Our own trouble (the database away, an unexpected error): 503 with Retry-After, never a bare 500. */
export function unavailablePage(words: SignInWords, base: string, embed: boolean): Promise<Response> {
  const { t } = words;
  const headers = new Headers({ "Retry-After": "5" });
  return pageResponse(503, page(words, t("unavailable.title"), t("unavailable.body"), [{ href: `${base}/`, label: t("backToSignIn") }]), { embed, headers });
}

export function oidcRefusedPage(words: SignInWords, status: number, reason: OidcPageReason, vars: { partner: string; idp: string }, base: string, opts: { embed: boolean; popup?: boolean; headers?: Headers }): Promise<Response> {
  const { t } = words;
  const retry = reason === "access_denied" || reason === "bad_state" || reason === "invalid_response" || reason === "idp_unreachable" || reason === "email_required";
  const links: PageLink[] = [
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
export function popupDonePage(words: SignInWords, code: string, targetOrigins: string[], nonce: string, headers?: Headers): Promise<Response> {
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
export function popupHandshakePage(words: SignInWords, /** this start's path and query, relative to the page */ startUrl: string, targetOrigins: string[], nonce: string): Promise<Response> {
  const data = JSON.stringify({ startUrl, origins: targetOrigins, noOpener: words.t("popupNoOpener") }).replace(/</g, "\\u003c");
  const js = `(function(){var d=${data};var o=window.opener;function stop(){var p=document.querySelector("main p");if(p)p.textContent=d.noOpener;}if(!o||o.closed){stop();return;}var t=setTimeout(stop,10000);window.addEventListener("message",function(e){if(d.origins.indexOf(e.origin)<0||e.source!==o)return;var m=e.data;if(!m||m.type!=="perkway:oidc-popup-link"||typeof m.link!=="string"||!/^[0-9a-f]{64}$/.test(m.link))return;clearTimeout(t);var u=new URL(d.startUrl,location.href);u.searchParams.set("link",m.link);location.replace(u.href);});d.origins.forEach(function(t){try{o.postMessage({type:"perkway:oidc-popup-ready"},t)}catch(e){}});})();`;
  return pageResponse(200, page(words, words.t("popupConnecting"), "", [], { nonce, code: js }), { embed: false, nonce });
}
