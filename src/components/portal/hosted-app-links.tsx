"use client";
// "Open hosted app" (a new tab) and "Copy hosted app link": the partner's member-facing app, from
// the portal shell's header and the Settings page. The URL comes from configuration on the server
// (hostedAppUrl in src/server/config/hosted-app-url.ts), never from the request's Host.
import { ExternalLink } from "lucide-react";
import { CopyButton } from "@/components/portal/copy-button";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** `compact`: the header's form on phones (icons, named for screen readers; the text from sm up). */
export function HostedAppLinks({ url, compact = false, className }: { url: string; compact?: boolean; className?: string }) {
  return (
    <div className={cn("flex items-center gap-1", className)} data-testid="hosted-app-links">
      <Button variant="outline" size="sm" asChild>
        <a href={url} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden="true" />
          <span className={compact ? "sr-only sm:not-sr-only" : undefined}>Open hosted app</span>
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
      <CopyButton value={url} label="Copy hosted app link" showLabel={!compact} variant={compact ? "ghost" : "outline"} title="Copy hosted app link" />
    </div>
  );
}
