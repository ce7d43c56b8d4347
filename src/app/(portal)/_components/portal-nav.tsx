"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

type NavItem = { href: string; label: string };

const PARTNER_ITEMS: NavItem[] = [
  { href: "/", label: "Overview" },
  { href: "/deals", label: "Deals" },
  { href: "/members", label: "Members" },
  { href: "/api-keys", label: "API keys" },
  { href: "/settings", label: "Settings" },
];

const SUPER_ADMIN_ITEMS: NavItem[] = [
  { href: "/partners", label: "Partners" },
  { href: "/catalogue", label: "Catalogue" },
];

function isActive(pathname: string, href: string): boolean {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

export function PortalNav({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const pathname = usePathname();
  const items = isSuperAdmin ? [...PARTNER_ITEMS, ...SUPER_ADMIN_ITEMS] : PARTNER_ITEMS;
  return (
    <nav className="nav" aria-label="Main">
      {items.map((item) => {
        const active = isActive(pathname, item.href);
        return (
          <Link
            key={item.href}
            href={item.href}
            className={active ? "nav-link nav-link-active" : "nav-link"}
            aria-current={active ? "page" : undefined}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
