"use client";
// Bottom right (bottom on phones): a toast never covers the header's switch, sign-out or a dialog's title.
// A sticky save bar lifts them above itself (--toast-clearance, src/components/portal/sticky-save-bar.tsx).
// Rich colours, with text colours darkened from sonner's defaults (about 4.3:1) to pass WCAG AA (4.5:1).
import type { CSSProperties } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

const accessibleColors = {
  "--success-text": "oklch(0.42 0.12 150)",
  "--error-text": "oklch(0.48 0.2 27)",
  "--warning-text": "oklch(0.45 0.11 60)",
  "--info-text": "oklch(0.45 0.15 255)",
} as CSSProperties;

export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      className="toaster group"
      position="bottom-right"
      offset={{ bottom: "calc(24px + var(--toast-clearance, 0px))" }}
      mobileOffset={{ bottom: "calc(16px + var(--toast-clearance, 0px))" }}
      duration={4000}
      richColors
      closeButton
      style={accessibleColors}
      {...props}
    />
  );
}
