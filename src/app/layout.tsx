import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Perkway", template: "%s · Perkway" },
  description: "Perks and deals for your community",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      {/* The Toaster lives in the portal's layout: hosted pages ship as little JavaScript as possible. */}
      <body>{children}</body>
    </html>
  );
}
