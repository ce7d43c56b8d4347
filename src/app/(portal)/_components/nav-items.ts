// The portal's pages as the navigation lists them (paths are the route map in docs/portal.md). Each
// item names the procedure its page cannot work without: an admin whose role may not call it (the
// shell's `allowed`, read from the procedures' permissions: src/server/trpc/procedure-permissions.ts)
// does not see the item, and the shell refuses the page.
import type { TeamRole } from "@/server/domain/team-roles";
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
  ShieldCheck,
  Tags,
  Users,
  UsersRound,
  Webhook,
  Handshake,
} from "lucide-react";

/** `count`: a live number beside the label (the inbox's new items). */
export type NavItem = { href: string; label: string; icon: LucideIcon; count?: "inbox"; procedure: string };
export type NavGroup = { label: string; items: NavItem[] };

const OVERVIEW: NavItem = { href: "/", label: "Overview", icon: LayoutDashboard, procedure: "me" };
const ACCOUNT: NavItem = { href: "/account", label: "Your account", icon: ShieldCheck, procedure: "account.overview" };

const PARTNER_GROUPS: NavGroup[] = [
  {
    label: "Programme",
    items: [
      OVERVIEW,
      { href: "/deals", label: "Deals", icon: Tags, procedure: "catalogue.list" },
      { href: "/deals/own", label: "Own deals", icon: PackagePlus, procedure: "ownDeals.list" },
      { href: "/deals/preview", label: "Preview as member", icon: ScanEye, procedure: "catalogue.preview" },
      { href: "/members", label: "Members", icon: Users, procedure: "members.list" },
      { href: "/inbox", label: "Inbox", icon: Inbox, count: "inbox", procedure: "inbox.list" },
      { href: "/analytics", label: "Analytics", icon: BarChart3, procedure: "analytics.summary" },
    ],
  },
  {
    label: "Integration",
    items: [
      { href: "/api-keys", label: "API keys", icon: KeyRound, procedure: "apiKeys.list" },
      { href: "/webhooks", label: "Webhooks", icon: Webhook, procedure: "webhooks.list" },
    ],
  },
  {
    label: "Account",
    items: [
      { href: "/settings", label: "Settings", icon: Settings, procedure: "settings.update" },
      { href: "/team", label: "Team", icon: UsersRound, procedure: "team.list" },
      { href: "/activity", label: "Activity", icon: Activity, procedure: "activity.list" },
    ],
  },
];

const SUPER_ADMIN_GROUP: NavGroup = {
  label: "Platform",
  items: [
    { href: "/partners", label: "Partners", icon: Building2, procedure: "superAdmin.listPartners" },
    { href: "/catalogue", label: "Catalogue", icon: Library, procedure: "superAdmin.listCatalogDeals" },
    { href: "/categories", label: "Categories", icon: FolderTree, procedure: "superAdmin.listCategories" },
    { href: "/providers", label: "Providers", icon: Handshake, procedure: "providers.list" },
    { href: "/platform", label: "Platform", icon: Gauge, procedure: "superAdmin.partnerFigures" },
    { href: "/mailbox", label: "Mailbox", icon: Mail, procedure: "superAdmin.mailbox" },
  ],
};

/** `allowed`: the procedures the admin may call (the server's permission table for this session). */
export type NavOptions = { isSuperAdmin: boolean; hasPartnerScope: boolean; teamRole?: TeamRole | null; allowed: readonly string[] };

/**
 * Partner pages when there is a partner scope (own partner, or a super admin viewing as one), each
 * only when the admin's role may use it; everyone's own account last.
 */
export function navGroups(opts: NavOptions): NavGroup[] {
  const partner = (opts.hasPartnerScope ? PARTNER_GROUPS : [{ label: "Programme", items: [OVERVIEW] }])
    .map((g) => ({ ...g, items: g.items.filter((i) => opts.allowed.includes(i.procedure)) }))
    .filter((g) => g.items.length > 0);
  const you: NavGroup = { label: "You", items: [ACCOUNT] };
  return opts.isSuperAdmin ? [...partner, SUPER_ADMIN_GROUP, you] : [...partner, you];
}

/** Whether the admin's role may open the page at `pathname` (its nav item's procedure; other pages: yes). */
export function canOpenPage(pathname: string, opts: NavOptions): boolean {
  const item = ALL_ITEMS.filter((i) => isActive(pathname, i.href)).at(0);
  // The super-admin pages answer the 404 page to anyone else from their own server guard
  // ((super-admin)/layout.tsx): the gate must let that page through, not replace it.
  if (item && SUPER_ADMIN_GROUP.items.includes(item)) return true;
  return !item || opts.allowed.includes(item.procedure);
}

function matches(pathname: string, href: string): boolean {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

/** The item of the page shown: the longest matching link (/deals/own/new → Own deals, not Deals). */
export function isActive(pathname: string, href: string, all: readonly string[] = ALL_HREFS): boolean {
  if (!matches(pathname, href)) return false;
  return !all.some((other) => other.length > href.length && matches(pathname, other));
}

const ALL_ITEMS = [...PARTNER_GROUPS, SUPER_ADMIN_GROUP, { label: "You", items: [ACCOUNT] }].flatMap((g) => g.items);
const ALL_HREFS = ALL_ITEMS.map((i) => i.href);
