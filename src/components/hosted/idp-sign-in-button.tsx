"use client";
// "Continue with {display_name}": the partner's identity provider. In the hosted app a plain link to
// /auth/oidc/start; in the widget the IdP opens in a popup (IdPs refuse to be framed), and the popup
// hands its one-time completion code back here by postMessage; the frame then reloads signed in.
import { useEffect, useState } from "react";

/** The button's words in the member's language, from the server (no next-intl runtime in the page's JavaScript). */
type IdpSignInWords = { label: string; waiting: string; popupBlocked: string; openInTab: string };

type Props = {
  words: IdpSignInWords;
  className: string;
  /** /auth/oidc/start on this surface's base (hosted app). */
  startHref: string;
  /** The widget: the popup's URL (the hosted app's own host), the frame's base for /auth/oidc/complete. */
  popup: { url: string; origin: string; frameBase: string } | null;
};

export function IdpSignInButton({ words, className, startHref, popup }: Props) {
  const { label } = words;
  const [state, setState] = useState<"idle" | "waiting" | "blocked">("idle");

  useEffect(() => {
    if (!popup) return;
    function onMessage(event: MessageEvent) {
      // Only the popup on the hosted app's own origin may sign this frame in.
      if (event.origin !== popup!.origin) return;
      const data = event.data as { type?: string; code?: string } | null;
      if (data?.type !== "perkway:oidc-complete" || typeof data.code !== "string") return;
      // A full navigation, not the router: the route handler sets the frame's cookie and redirects.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(`${popup!.frameBase}/auth/oidc/complete?code=${encodeURIComponent(data.code)}`);
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [popup]);

  if (!popup) {
    return (
      <a href={startHref} className={className} data-testid="idp-sign-in">
        {label}
      </a>
    );
  }
  return (
    <div className="grid gap-2">
      <button
        type="button"
        className={className}
        data-testid="idp-sign-in"
        onClick={() => {
          const w = window.open(popup.url, "perkway-sign-in", "popup,width=480,height=640");
          setState(w ? "waiting" : "blocked");
        }}
      >
        {label}
      </button>
      {state === "waiting" ? (
        <p role="status" className="text-sm text-muted-foreground">
          {words.waiting}
        </p>
      ) : null}
      {state === "blocked" ? (
        <p role="alert" className="text-sm text-foreground">
          {words.popupBlocked}{" "}
          <a href={popup.url} target="_blank" rel="noopener" className="underline">
            {words.openInTab}
          </a>
        </p>
      ) : null}
    </div>
  );
}
