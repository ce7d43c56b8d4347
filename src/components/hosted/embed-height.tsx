"use client";
// The widget tells the page that frames it how tall its content is, so the iframe can fit it, both
// ways: window.parent.postMessage({ type: "perkway:height", height }, "*") on load and on every
// change. The content is measured on the layout's root (not the document, whose scroll height
// never drops below the frame's own height, so a frame could grow but never shrink). Each page
// load also posts { type: "perkway:navigate" }: the host page scrolls the frame into view when its
// top is above the viewport (a member who opened a card low in a long list sees the deal).
// Only these fields leave the frame, so any target origin is fine (framing is restricted by CSP).
import { useEffect } from "react";
import { EMBED_HEIGHT_MESSAGE, EMBED_NAVIGATE_MESSAGE, type EmbedHeightMessage, type EmbedNavigateMessage } from "@/lib/hosted/member-surface";

export function EmbedHeight() {
  useEffect(() => {
    if (window.parent === window) return;
    const root = document.querySelector<HTMLElement>("[data-surface]") ?? document.body;
    let last = -1;
    const post = () => {
      // A root taken out of the page (an error boundary replacing the tree) measures 0: never
      // collapse the frame for that; the page that replaces it reports its own height.
      if (!root.isConnected) return;
      const height = Math.ceil(root.getBoundingClientRect().height);
      if (height === 0 || height === last) return;
      last = height;
      const message: EmbedHeightMessage = { type: EMBED_HEIGHT_MESSAGE, height };
      window.parent.postMessage(message, "*");
    };
    post();
    const navigated: EmbedNavigateMessage = { type: EMBED_NAVIGATE_MESSAGE };
    window.parent.postMessage(navigated, "*");
    const observer = new ResizeObserver(post);
    observer.observe(root);
    return () => observer.disconnect();
  }, []);
  return null;
}
