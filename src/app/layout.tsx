import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { getLocale } from "next-intl/server";
import { localeDirection, matchSupportedLocale } from "@/lib/locales";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Perkway", template: "%s · Perkway" },
  description: "Perks and deals for your community",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The member surfaces' language (src/i18n/request.ts); the portal is English.
  const locale = matchSupportedLocale(await getLocale()) ?? "en";
  return (
    <html lang={locale} dir={localeDirection(locale)}>
      {/* The Toaster lives in the portal's layout: hosted pages ship as little JavaScript as possible. */}
      <body>{children}</body>
    </html>
  );
}
