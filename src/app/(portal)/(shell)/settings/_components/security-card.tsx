"use client";
// Settings → Security (owners): require two-factor authentication for every admin of the partner.
// Admins without it are sent to set it up at their next request; the change is in Activity.
import { toast } from "sonner";
import { ErrorState } from "@/components/portal/error-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { api } from "@/trpc/react";

export function SecurityCard({ readOnly }: { readOnly: boolean }) {
  const utils = api.useUtils();
  const security = api.settings.security.useQuery();
  const save = api.settings.setSecurity.useMutation();
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>Only owners see and change this.</CardDescription>
      </CardHeader>
      <CardContent>
        {security.error ? <ErrorState error={security.error} retry={() => security.refetch()} title="The security settings could not be loaded" /> : null}
        {security.isLoading ? <Skeleton className="h-10 w-full" /> : null}
        {security.data ? (
          <div className="flex items-start gap-3">
            <Switch
              id="require-admin-2fa"
              checked={security.data.require_admin_2fa}
              disabled={readOnly || save.isPending}
              aria-describedby="require-admin-2fa-help"
              onCheckedChange={async (checked) => {
                try {
                  await save.mutateAsync({ require_admin_2fa: checked });
                  toast.success(checked ? "Two-factor authentication is now required for every admin" : "Two-factor authentication is no longer required");
                } catch (error) {
                  toast.error((error as Error).message);
                }
                await utils.settings.security.invalidate();
              }}
            />
            <div className="grid gap-1">
              <Label htmlFor="require-admin-2fa">Require two-factor authentication for all admins</Label>
              <p id="require-admin-2fa-help" className="text-sm text-muted-foreground">
                Admins who have not set it up are asked to do so before anything else, from their next page on. Set yours up first on Your account.
              </p>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
