// Where the portal may send someone after sign-in (or any other "return to" link): only a page of
// the portal itself. A value is accepted when, resolved against the portal's origin the way a
// browser would, it stays on that origin — which refuses `//host`, `/\host`, `\\host`, `https:host`,
// `x:/\host`, userinfo tricks and `javascript:` — and it is returned as a path, never an absolute
// URL, so what the browser follows cannot name another host.
const FALLBACK = "/";
// Resolved against this when the caller does not know its origin: relative values only.
const PLACEHOLDER_ORIGIN = "http://portal.invalid";

/**
 * A same-origin path for `value`, or `fallback`. `origin`: the portal's origin (e.g.
 * "https://perkway.com"); absolute URLs are accepted only when they name exactly that origin.
 */
export function safeCallbackUrl(value: unknown, origin: string | null = null, fallback: string = FALLBACK): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== "string" || raw === "" || raw.length > 2048) return fallback;
  // Browsers ignore tabs and newlines inside URLs and read "\" as "/": refuse both outright.
   
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return fallback;
  const base = origin ?? PLACEHOLDER_ORIGIN;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(base).origin || url.username || url.password) return fallback;
  // A relative value must be a path: "/x", not "//host" nor a scheme ("https:evil" resolves on origin).
  if (!raw.startsWith("/") && !(origin && raw.startsWith(`${origin}/`)) && raw !== origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  // Encoded slashes or backslashes that a later decode could turn into "//host".
  if (!path.startsWith("/") || path.startsWith("//") || /^\/[/\\]/.test(decoded)) return fallback;
  return path;
}
