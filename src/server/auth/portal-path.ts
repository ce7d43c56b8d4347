// The portal page a request is for, as src/proxy.ts forwards it (always overwritten there, and only
// ever used through safeCallbackUrl): a signed-out visit to /members?q=x returns there after sign-in.
export const PORTAL_PATH_HEADER = "x-perkway-portal-path";

/** The sign-in page, with a way back to `path` when it is a portal page other than the sign-in page itself. */
export function signInUrlFor(path: string | null, safe: (value: string) => string): string {
  const back = path ? safe(path) : "/";
  return back === "/" || /^\/login(?=[/?#]|$)/.test(back) ? "/login" : `/login?callbackUrl=${encodeURIComponent(back)}`;
}
