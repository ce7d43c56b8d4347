"use client";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { api } from "@/trpc/react";

export function ExitViewAsButton() {
  const exit = api.superAdmin.exitViewAs.useMutation({
    // A full load: the shell, the navigation and every cached query change with the scope (a
    // client push followed by a refresh could lose the push and stay on the partner's page).
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    onSuccess: () => window.location.assign("/partners"),
    onError: (err) => toast.error(err.message),
  });
  return (
    <Button size="sm" variant="outline" onClick={() => exit.mutate()} disabled={exit.isPending}>
      Exit view as
    </Button>
  );
}
