"use client";
// The save bar of a long form: stuck to the bottom of the window, opaque, one compact row on phones.
// While it is in the lower half of the window it lifts the toasts above itself (--toast-clearance,
// read by src/components/ui/sonner.tsx): a toast must never sit on the Save button, where hovering
// it would also keep it open.
import { useEffect, useRef, type ReactNode } from "react";

const CLEARANCE = "--toast-clearance";

export function StickySaveBar({ status, children }: { status: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const place = () => {
      const { top, bottom } = bar.getBoundingClientRect();
      const vh = window.innerHeight;
      const lowerHalf = bottom > 0 && top < vh && top > vh / 2;
      root.style.setProperty(CLEARANCE, lowerHalf ? `${Math.ceil(vh - top) + 8}px` : "0px");
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(bar);
    window.addEventListener("scroll", place, { passive: true });
    window.addEventListener("resize", place);
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", place);
      window.removeEventListener("resize", place);
      root.style.removeProperty(CLEARANCE);
    };
  }, []);
  return (
    <div
      ref={ref}
      data-testid="save-bar"
      className="sticky bottom-0 z-10 -mx-4 flex items-center gap-2 border-t bg-background px-4 py-2 shadow-[0_-1px_3px_rgb(0_0_0/0.06)] sm:mx-0 sm:gap-3 sm:rounded-lg sm:border sm:py-3"
    >
      <p className="mr-auto min-w-0 text-xs text-muted-foreground sm:text-sm" role="status">
        {status}
      </p>
      {children}
    </div>
  );
}
