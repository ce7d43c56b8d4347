"use client";
// The category chips' row. On a phone it scrolls sideways, so the chosen category could sit
// off-screen after the page loads: this brings the current chip (aria-current) into view, moving
// the row only (scrollIntoView would scroll the page too). Wider screens wrap the row: nothing moves.
import { useEffect, useRef, type ReactNode } from "react";

/** `className` must make the row a positioned element (`relative`): chips are measured from it. */
export function ChipRow({ children, className }: { children: ReactNode; className: string }) {
  const row = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const el = row.current;
    const current = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !current || el.scrollWidth <= el.clientWidth) return;
    // offsetLeft is measured from the row itself (it is `relative`): centre the chip in it.
    el.scrollLeft = current.offsetLeft - (el.clientWidth - current.offsetWidth) / 2;
  }, []);
  return (
    <ul ref={row} className={className}>
      {children}
    </ul>
  );
}
