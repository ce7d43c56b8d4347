// Everything of the partner portal (sign-in included) runs inside the tRPC + react-query provider.
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/sonner";
import { TRPCReactProvider } from "@/trpc/react";
import { HydrationSignal } from "./_components/hydration-signal";

export const metadata: Metadata = {
  title: { default: "Partner portal · Perkway", template: "%s · Perkway partner portal" },
  robots: { index: false, follow: false },
};

export default function PortalLayout({ children }: { children: ReactNode }) {
  return (
    <TRPCReactProvider>
      {children}
      <Toaster />
      <HydrationSignal />
    </TRPCReactProvider>
  );
}
