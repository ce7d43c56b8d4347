// The portal's pages as the navigation lists them (paths are the route map in docs/portal.md).
import {
  Activity,
  BarChart3,
  Building2,
  FolderTree,
  Gauge,
  Inbox,
  KeyRound,
  LayoutDashboard,
  Mail,
  Library,
  type LucideIcon,
  PackagePlus,
  ScanEye,
  Settings,
  Tags,
  Users,
  UsersRound,
  Webhook,
} from "lucide-react";

/** `count`: a live number beside the label (the inbox's new items). */
export type NavItem = { href: string; label: string; icon: LucideIcon; count?: "inbox" };
export type NavGroup = { label: string; items: NavItem[] };

const OVERVIEW: NavItem = { href: "/", label: "Overview", icon: LayoutDashboard };

const PARTNER_GROUPS: NavGroup[] = [
  {
    label: "Programme",
    items: [
      OVERVIEW,
      { href: "/deals", label: "Deals", icon: Tags },
      { href: "/deals/own", label: "Own deals", icon: PackagePlus },
      { href: "/deals/preview", label: "Preview as member", icon: ScanEye },
      { href: "/members", label: "Members", icon: Users },
      { href: "/inbox", label: "Inbox", icon: Inbox, count: "inbox" },
      { href: "/analytics", label: "Analytics", icon: BarChart3 },
    ],
  },
  {
    label: "Integration",
    items: [
      { href: "/api-keys", label: "API keys", icon: KeyRound },
      { href: "/webhooks", label: "Webhooks", icon: Webhook },
    ],
  },
  {
    label: "Account",
    items: [
      { href: "/settings", label: "Settings", icon: Settings },
      { href: "/team", label: "Team", icon: UsersRound },
      { href: "/activity", label: "Activity", icon: Activity },
    ],
  },
];

const SUPER_ADMIN_GROUP: NavGroup = {
  label: "Platform",
  items: [
    { href: "/partners", label: "Partners", icon: Building2 },
    { href: "/catalogue", label: "Catalogue", icon: Library },
    { href: "/categories", label: "Categories", icon: FolderTree },
    { href: "/platform", label: "Platform", icon: Gauge },
    { href: "/mailbox", label: "Mailbox", icon: Mail },
  ],
};

/** Partner pages when there is a partner scope (own partner, or a super admin viewing as one). */
export function navGroups(opts: { isSuperAdmin: boolean; hasPartnerScope: boolean }): NavGroup[] {
  const partner = opts.hasPartnerScope ? PARTNER_GROUPS : [{ label: "Programme", items: [OVERVIEW] }];
  return opts.isSuperAdmin ? [...partner, SUPER_ADMIN_GROUP] : partner;
}

function matches(pathname: string, href: string): boolean {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

/** The item of the page shown: the longest matching link (/deals/own/new → Own deals, not Deals). */
export function isActive(pathname: string, href: string, all: readonly string[] = ALL_HREFS): boolean {
  if (!matches(pathname, href)) return false;
  return !all.some((other) => other.length > href.length && matches(pathname, other));
}

const ALL_HREFS = [...PARTNER_GROUPS, SUPER_ADMIN_GROUP].flatMap((g) => g.items.map((i) => i.href));
