"use client";
// The analytics page header's actions: the date range and the CSV exports.
import { ChevronDown, Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { ANALYTICS_RANGES } from "@/server/schemas/analytics-portal.schema";
import type { Analytics } from "./use-analytics";

export function AnalyticsToolbar({ days, choose, exports }: Pick<Analytics, "days" | "choose" | "exports">) {
  return (
    <>
      <div role="group" aria-label="Date range" className="inline-flex rounded-lg border bg-card p-0.5">
        {ANALYTICS_RANGES.map((d) => (
          <Button key={d} size="sm" variant={d === days ? "default" : "ghost"} aria-pressed={d === days} onClick={() => choose(d)}>
            {d === 365 ? "12 months" : `${d} days`}
          </Button>
        ))}
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm">
            <Download aria-hidden="true" /> Export CSV <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {exports.map((e) => (
            <DropdownMenuItem key={e.label} disabled={!e.ready} onSelect={e.run}>
              {e.label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
