"use client";
// The widget tells the page that frames it how tall it is, so the iframe can fit its content:
// window.parent.postMessage({ type: "perkway:height", height }, "*") on load and on every change.
// Only a number leaves the frame, so any target origin is fine (framing itself is restricted by CSP).
import { useEffect } from "react";
import { EMBED_HEIGHT_MESSAGE, type EmbedHeightMessage } from "./surface";

export function EmbedHeight() {
  useEffect(() => {
    if (window.parent === window) return;
    let last = -1;
    const post = () => {
      const height = Math.ceil(document.documentElement.scrollHeight);
      if (height === last) return;
      last = height;
      const message: EmbedHeightMessage = { type: EMBED_HEIGHT_MESSAGE, height };
      window.parent.postMessage(message, "*");
    };
    post();
    const observer = new ResizeObserver(post);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  return null;
}
