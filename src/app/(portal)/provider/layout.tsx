// The provider area (contract section 18): the only part of the portal a provider user reaches. A
// top bar with its four pages and the user's account (horizontal, wraps on phones); everyone else
// gets the 404 page. Each page checks the session itself; the layout lets a pending required 2FA
// setup through so that /provider/account can render (the other pages send the user there).
import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { requireProviderSession } from "@/server/auth/get-admin-session";
import { SignOutButton } from "../_components/sign-out-button";

const LINKS = [
  { href: "/provider", label: "Deals" },
  { href: "/provider/codes", label: "Codes" },
  { href: "/provider/tracking", label: "Tracking" },
  { href: "/provider/results", label: "Results" },
  { href: "/provider/account", label: "Account" },
];

export default async function ProviderLayout({ children }: { children: ReactNode }) {
  const session = await requireProviderSession({ allowTwoFactorSetup: true });
  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-30 border-b bg-card/95 px-4 py-3 backdrop-blur sm:px-6">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2">
          <Link href="/provider" className="text-lg font-semibold tracking-tight">
            Perkway <span className="text-xs font-normal text-muted-foreground">Provider area</span>
          </Link>
          <nav aria-label="Provider" className="order-last flex w-full flex-wrap gap-1 sm:order-none sm:w-auto">
            {LINKS.map((l) => (
              <Link key={l.href} href={l.href} className="rounded-md px-3 py-1.5 text-sm hover:bg-muted">
                {l.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2" data-testid="account">
            <span className="hidden max-w-48 truncate text-sm text-muted-foreground sm:inline">{session.name ?? session.email}</span>
            <Badge variant="secondary">Provider</Badge>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
        {children}
      </main>
    </div>
  );
}
