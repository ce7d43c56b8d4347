// Self sign-in inside the widget (issue 44): the emailed link brings the member back to the
// partner's page that embeds the widget, not to the standalone app. The embed snippet passes that
// page's address to the frame (`?return_to=`), the frame's sign-in form sends it along, and the link
// becomes `{that page}?perkway_token={token}`; the snippet on that page hands the token to the frame
// (`/embed/{subdomain}/auth/magic?token=…`), where the member continues, signed in inside the widget.
// The address is accepted only on an origin the partner allows to frame its widget: anything else
// would make our emails an open redirect, so the ordinary link is sent instead.

/** The query parameter that carries the sign-in token to the partner's page (read by the snippet). */
export const WIDGET_TOKEN_PARAM = "perkway_token";
/** The widget's query parameter naming the page that embeds it (set by the snippet). */
export const WIDGET_RETURN_PARAM = "return_to";

const MAX_RETURN_URL = 2048;

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The page to send the member back to, or null when `raw` is not an http(s) address on one of the
 * partner's allowed iframe origins (exact origin: scheme, host and port). Credentials and any old
 * token are dropped.
 */
export function widgetReturnUrl(raw: unknown, allowedOrigins: readonly string[]): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_RETURN_URL) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  const allowed = new Set(allowedOrigins.map(originOf).filter((o): o is string => o !== null));
  if (!allowed.has(url.origin)) return null;
  url.searchParams.delete(WIDGET_TOKEN_PARAM);
  return url.href;
}

/** The sign-in link for the widget: the partner's page with the token of `signInUrl` (…/auth/magic?token=…). */
export function widgetSignInUrl(returnUrl: string, signInUrl: string): string {
  const token = new URL(signInUrl).searchParams.get("token");
  if (!token) return signInUrl;
  const url = new URL(returnUrl);
  url.searchParams.set(WIDGET_TOKEN_PARAM, token);
  return url.href;
}
