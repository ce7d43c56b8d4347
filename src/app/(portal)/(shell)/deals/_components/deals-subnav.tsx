"use client";
// The three deal pages: the catalogue, the member preview and own deals.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";

const ITEMS = [
  { href: "/deals", label: "Catalogue" },
  { href: "/deals/preview", label: "Preview as member" },
  { href: "/deals/own", label: "Own deals" },
];

export function DealsSubnav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Deal pages" className="mb-4 flex flex-wrap gap-1 border-b">
      {ITEMS.map((item) => {
        const active = item.href === "/deals" ? pathname === "/deals" : pathname.startsWith(item.href);
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              active ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
