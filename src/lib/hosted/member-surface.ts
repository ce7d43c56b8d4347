// The member surfaces (hosted app, widget) and the request headers src/proxy.ts hands to their
// pages. The proxy always overwrites these, so pages can trust them.
export type MemberSurface = "hosted" | "embed";

export const MEMBER_HEADERS = {
  surface: "x-perkway-surface",
  /** The partner subdomain the request is for (server actions have no route params). */
  subdomain: "x-perkway-subdomain",
  /** The path the browser sees before the app's own paths: "" (subdomain), "/p/{sub}" or "/embed/{sub}". */
  base: "x-perkway-base",
  /** "1" when cookies may be Secure (https, or localhost which browsers treat as secure). */
  secure: "x-perkway-secure",
  nonce: "x-nonce",
  /** The widget URL's ?lang= (contract §16: the language when the member has not picked one). */
  lang: "x-perkway-lang",
} as const;

export const MEMBER_COOKIE = "perkway_member";
/** The member's pick in the language menu (a supported locale), per surface path like the session. */
export const LOCALE_COOKIE = "perkway_locale";

/** The postMessage the widget sends its parent whenever its height changes. */
export type EmbedHeightMessage = { type: "perkway:height"; height: number };
export const EMBED_HEIGHT_MESSAGE = "perkway:height";
/** Posted once per page the widget shows: the host page may scroll the frame into view. */
export type EmbedNavigateMessage = { type: "perkway:navigate" };
export const EMBED_NAVIGATE_MESSAGE = "perkway:navigate";
