// Partner colours as CSS variables, with a text colour that stays readable on them (WCAG contrast).
import type { CSSProperties } from "react";
import type { HostedBranding } from "@/server/services/partners";

const DEFAULT_BRAND = "#3b5bdb";

function luminance(hex: string): number {
  let h = hex.slice(1);
  if (h.length === 3 || h.length === 4) h = [...h.slice(0, 3)].map((c) => c + c).join("");
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever contrasts more with the colour. */
function readableOn(hex: string): "#000000" | "#ffffff" {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? "#000000" : "#ffffff";
}

export function brandStyle(branding: HostedBranding): CSSProperties {
  const brand = branding.primaryColor ?? DEFAULT_BRAND;
  const accent = branding.accentColor ?? brand;
  const fg = readableOn(brand);
  // --primary / --ring: the ui primitives (Button, Badge, focus rings) take the partner's colour.
  return { "--brand": brand, "--brand-fg": fg, "--brand-accent": accent, "--brand-accent-fg": readableOn(accent), "--primary": brand, "--primary-foreground": fg, "--ring": brand } as CSSProperties;
}
