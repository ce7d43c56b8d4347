"use client";
// A live preview of the hosted app's header and welcome as members will see them, drawn from the
// form's current (unsaved) values with the hosted app's own colour rules (src/components/hosted/brand.ts).
import { readableOn } from "@/components/hosted/brand";

const DEFAULT_BRAND = "#3b5bdb";
const HEX = /^#[0-9a-fA-F]{6}$/;

export function HeaderPreview({ name, primaryColor, logoUrl, headline, welcomeText, url }: { name: string; primaryColor: string; logoUrl: string; headline: string; welcomeText: string; url: string }) {
  const brand = HEX.test(primaryColor) ? primaryColor : DEFAULT_BRAND;
  // Only what the hosted app would load: http(s) or a path on this site.
  const logo = /^https?:\/\/\S+$/i.test(logoUrl) || /^\/(?!\/)/.test(logoUrl) ? logoUrl : "";
  return (
    <figure className="overflow-hidden rounded-lg border bg-gray-50 text-gray-900 shadow-xs" aria-label="Preview of your hosted app header" data-testid="branding-preview">
      <div className="flex items-center gap-2 border-b bg-muted/60 px-3 py-1.5 text-xs text-muted-foreground">
        <span className="flex gap-1" aria-hidden="true">
          <span className="size-2 rounded-full bg-gray-300" />
          <span className="size-2 rounded-full bg-gray-300" />
          <span className="size-2 rounded-full bg-gray-300" />
        </span>
        <span className="truncate">{url}</span>
      </div>
      <div className="border-t-4 bg-white shadow-sm" style={{ borderTopColor: brand }} data-testid="preview-header">
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          {logo ? (
            // eslint-disable-next-line @next/next/no-img-element -- the partner's logo, any https host, as the hosted app shows it
            <img src={logo} alt={`${name || "Partner"} logo`} className="max-h-9 max-w-[160px] object-contain" />
          ) : (
            <span className="truncate text-lg font-bold" data-testid="preview-name">
              {name || "Your organisation"}
            </span>
          )}
          <span className="rounded-md border border-gray-300 px-3 py-1.5 text-xs font-semibold text-gray-900">Sign out</span>
        </div>
      </div>
      <div className="px-4 py-5">
        <p className="text-xl font-bold" data-testid="preview-headline">
          {headline || `Perks from ${name || "your organisation"}`}
        </p>
        {welcomeText ? (
          <p className="mt-1 text-sm whitespace-pre-line text-gray-700" data-testid="preview-welcome">
            {welcomeText}
          </p>
        ) : null}
        <span className="mt-3 inline-flex rounded-md px-4 py-2 text-sm font-semibold" style={{ background: brand, color: readableOn(brand) }} data-testid="preview-button">
          Browse deals
        </span>
      </div>
    </figure>
  );
}
