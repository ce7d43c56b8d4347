// /settings — the partner record: name, type, regions, delivery method, subdomain (with its hosted
// app URL), branding with a live preview of the hosted app header, freemium and the upgrade URL,
// allowed iframe origins and the widget's embed snippet. One record for Live and Sandbox.
import { Building2 } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/portal/empty-state";
import { PageHeader } from "@/components/portal/page-header";
import { Button } from "@/components/ui/button";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { getServerApi } from "@/trpc/server";
import { SettingsForm } from "./_components/settings-form";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const { scope, readOnly } = await requireAdminSession();
  if (!scope) {
    return (
      <>
        <PageHeader title="Settings" />
        <EmptyState
          icon={Building2}
          title="Choose a partner first"
          description="Settings belong to a partner. Open a partner from Partners to see its settings."
          action={
            <Button asChild>
              <Link href="/partners">Go to Partners</Link>
            </Button>
          }
        />
      </>
    );
  }
  const initial = await (await getServerApi()).settings.get();
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your partner account, hosted app and embedding. These settings are part of the partner record: the same in Live and Sandbox, and a change applies to both at once."
      />
      <SettingsForm initial={initial} readOnly={readOnly} />
    </>
  );
}
