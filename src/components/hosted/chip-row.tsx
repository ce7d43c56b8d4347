"use client";
// The category chips' row: one row that scrolls sideways on every width (wrapped, a partner with many
// categories filled three rows at 1280 px), so the chosen category could sit off-screen after the
// page loads: this brings the current chip (aria-current) into view, moving the row only
// (scrollIntoView would scroll the page too).
import { useEffect, useRef, type ReactNode } from "react";

export function ChipRow({ children, className }: { children: ReactNode; className: string }) {
  const row = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const el = row.current;
    const current = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !current || el.scrollWidth <= el.clientWidth) return;
    // Centre the chip in the row, from where both are on screen now.
    const rowBox = el.getBoundingClientRect();
    const chipBox = current.getBoundingClientRect();
    el.scrollLeft += chipBox.left - rowBox.left - (rowBox.width - chipBox.width) / 2;
  }, []);
  return (
    <ul ref={row} className={className}>
      {children}
    </ul>
  );
}
