"use client";
// "Continue with {display_name}": the partner's identity provider. In the hosted app a plain link to
// /auth/oidc/start; in the widget the IdP opens in a popup (IdPs refuse to be framed). The popup's first
// page asks this frame for a link (the SHA-256 of a secret only this frame keeps); when the sign-in is
// done, the popup posts a one-time code back if it still can, and otherwise (the IdP's pages cut it off
// from its opener, as large IdPs do with Cross-Origin-Opener-Policy) this frame collects the sign-in
// with its secret from /auth/oidc/watch. Either way the frame gets its own session and reloads.
import { useEffect, useRef, useState } from "react";

/** The button's words in the member's language, from the server (no next-intl runtime in the page's JavaScript). */
type IdpSignInWords = { label: string; waiting: string; popupBlocked: string; openInTab: string };

type Props = {
  words: IdpSignInWords;
  className: string;
  /** /auth/oidc/start on this surface's base (hosted app). */
  startHref: string;
  /** The widget: the popup's URL (the hosted app's own host), the frame's base for /auth/oidc/complete and /watch. */
  popup: { url: string; origin: string; frameBase: string } | null;
};

type Pair = { watch: string; link: string };
const POLL_MS = 1500;
const GIVE_UP_MS = 10 * 60 * 1000;

/** A fresh secret and its SHA-256 (hex): the popup only ever sees the hash. */
async function newPair(): Promise<Pair | null> {
  if (!globalThis.crypto?.subtle) return null;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const watch = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(watch)));
  return { watch, link: Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("") };
}

export function IdpSignInButton({ words, className, startHref, popup }: Props) {
  const { label } = words;
  const [state, setState] = useState<"idle" | "waiting" | "blocked">("idle");
  // Each click is a new attempt with its own secret: the watch below restarts with it.
  const [attempt, setAttempt] = useState(0);
  const next = useRef<Pair | null>(null);
  const current = useRef<Pair | null>(null);

  useEffect(() => {
    if (!popup) return;
    void newPair().then((p) => (next.current = p));
    function onMessage(event: MessageEvent) {
      // Only the popup on the hosted app's own origin may talk to this frame.
      if (event.origin !== popup!.origin) return;
      const data = event.data as { type?: string; code?: string } | null;
      if (data?.type === "perkway:oidc-popup-ready" && current.current && event.source) {
        (event.source as Window).postMessage({ type: "perkway:oidc-popup-link", link: current.current.link }, popup!.origin);
        return;
      }
      if (data?.type !== "perkway:oidc-complete" || typeof data.code !== "string") return;
      // A full navigation, not the router: the route handler sets the frame's cookie and redirects.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(`${popup!.frameBase}/auth/oidc/complete?code=${encodeURIComponent(data.code)}`);
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [popup]);

  // While the popup is open, ask whether its sign-in finished (the popup may not be able to tell us).
  useEffect(() => {
    if (!popup || state !== "waiting" || !current.current) return;
    const { watch } = current.current;
    const started = Date.now();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    async function poll() {
      try {
        const res = await fetch(`${popup!.frameBase}/auth/oidc/watch`, { method: "POST", body: new URLSearchParams({ watch }), credentials: "same-origin" });
        if (res.status === 200) {
          const body = (await res.json()) as { location?: string };
          if (!stopped && body.location) window.location.assign(body.location);
          return;
        }
      } catch {
        // Offline for a moment: ask again.
      }
      if (!stopped && Date.now() - started < GIVE_UP_MS) timer = setTimeout(poll, POLL_MS);
    }
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [popup, state, attempt]);

  /** This attempt's secret (the one prepared ahead: window.open must run inside the click), and the next one's. */
  function beginAttempt() {
    current.current = next.current;
    setAttempt((n) => n + 1);
    void newPair().then((p) => (next.current = p));
  }

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
          beginAttempt();
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
          {/* rel="opener": the tab's first page asks this frame for its link. */}
          <a
            href={popup.url}
            target="_blank"
            rel="opener"
            className="underline"
            onClick={() => {
              beginAttempt();
              setState("waiting");
            }}
          >
            {words.openInTab}
          </a>
        </p>
      ) : null}
    </div>
  );
}
