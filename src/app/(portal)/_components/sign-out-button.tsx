"use client";
import { signOut } from "next-auth/react";
import { useState } from "react";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      className="button button-ghost"
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
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
