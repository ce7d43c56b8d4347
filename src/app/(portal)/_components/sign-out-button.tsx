"use client";
import { LogOut } from "lucide-react";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function SignOutButton({ className }: { className?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      disabled={pending}
      onClick={async () => {
        setPending(true);
        // redirect: false, then a full load: next-auth's own redirect would use NEXTAUTH_URL's origin,
        // and a reload also drops every cached query of the signed-out admin (router.push keeps them).
        await signOut({ redirect: false });
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- see above
        window.location.assign("/login");
      }}
    >
      <LogOut aria-hidden="true" />
      {pending ? "Signing out…" : "Sign out"}
    </Button>
  );
}
