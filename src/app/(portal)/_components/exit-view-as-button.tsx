"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { api } from "@/trpc/react";

export function ExitViewAsButton() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const exit = api.superAdmin.exitViewAs.useMutation({
    onSuccess: () => {
      queryClient.clear();
      router.push("/partners");
      router.refresh();
    },
    onError: (err) => toast.error(err.message),
  });
  return (
    <Button size="sm" variant="outline" onClick={() => exit.mutate()} disabled={exit.isPending}>
      Exit view as
    </Button>
  );
}
