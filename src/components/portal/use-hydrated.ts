"use client";
// False in the server's HTML and during hydration, true once React runs in the browser. A form that
// carries a secret and only works through JavaScript disables its submit button until then, so it
// cannot be submitted as a plain GET with the secret in the URL (issue 44, item 17).
import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
