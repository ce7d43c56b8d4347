"use client";
import { Menu } from "lucide-react";
import { useState } from "react";
import { HostedAppLinks } from "@/components/portal/hosted-app-links";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import type { NavOptions } from "./nav-items";
import { PortalNav } from "./portal-nav";

/** Below the large breakpoint the sidebar becomes a menu sheet; on phones it also holds the hosted app's links (no room in the header). */
export function MobileNav({ hostedUrl, ...props }: NavOptions & { hostedUrl?: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left">
        <SheetHeader>
          <SheetTitle>Perkway</SheetTitle>
          <SheetDescription>Partner portal</SheetDescription>
        </SheetHeader>
        <PortalNav {...props} onNavigate={() => setOpen(false)} />
        {hostedUrl ? <HostedAppLinks url={hostedUrl} className="flex-wrap px-4 pb-4" /> : null}
      </SheetContent>
    </Sheet>
  );
}
