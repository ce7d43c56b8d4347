"use client";
import { useEffect } from "react";

/**
 * Marks the page `<html data-hydrated="true">` once the portal's client code runs. Until then a click
 * or a keystroke reaches only the server's HTML (a menu button opens nothing; what is typed into a
 * controlled field is not in React's state). Browser tests wait for it once after a page load
 * (e2e/support.ts: waitForHydration) instead of retrying an action until it takes.
 */
export function HydrationSignal() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
