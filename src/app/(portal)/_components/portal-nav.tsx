"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";
import { api } from "@/trpc/react";
import { isActive, navGroups, type NavOptions } from "./nav-items";

/** The main navigation, grouped; used in the sidebar and in the phone menu. */
export function PortalNav({ isSuperAdmin, hasPartnerScope, teamRole, allowed, onNavigate }: NavOptions & { onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="flex flex-col gap-5">
      {navGroups({ isSuperAdmin, hasPartnerScope, teamRole, allowed }).map((group) => (
        <div key={group.label} className="flex flex-col gap-1">
          <p className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{group.label}</p>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => {
              const active = isActive(pathname, item.href);
              const Icon = item.icon;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    onClick={onNavigate}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                      active && "bg-accent text-accent-foreground",
                    )}
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {item.label}
                    {item.count === "inbox" ? <InboxCount /> : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The inbox's new items (pending access requests and new inquiries), refreshed every minute. */
function InboxCount() {
  const counts = api.inbox.counts.useQuery(undefined, { refetchInterval: 60_000, retry: false });
  const n = counts.data?.total_new ?? 0;
  if (!n) return null;
  return (
    <span className="ml-auto rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground tabular-nums" data-testid="inbox-count">
      {n > 99 ? "99+" : n}
      <span className="sr-only"> new</span>
    </span>
  );
}
