"use client";
// The Live / Sandbox switch: kept on the admin account (partner.setEnvironment), then every cached
// query is dropped and the server components re-render in the new environment.
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import { cn } from "@/lib/utils";
import { api } from "@/trpc/react";

type Env = "live" | "test";

export function EnvironmentSwitch({ environment }: { environment: Env }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  const setEnvironment = api.partner.setEnvironment.useMutation({
    onSuccess: ({ environment: next }) => {
      queryClient.clear();
      startTransition(() => router.refresh());
      toast.success(next === "test" ? "Sandbox mode: you now see test data only" : "Live mode: you now see live data");
    },
    onError: (err) => toast.error(`The environment was not changed: ${err.message}`),
  });
  const busy = pending || setEnvironment.isPending;
  const options: { value: Env; label: string }[] = [
    { value: "live", label: "Live" },
    { value: "test", label: "Sandbox" },
  ];
  return (
    <div role="radiogroup" aria-label="Environment" className="inline-flex rounded-lg border bg-muted p-0.5" aria-busy={busy}>
      {options.map((o) => {
        const checked = environment === o.value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={checked}
            disabled={busy}
            onClick={() => !checked && setEnvironment.mutate({ environment: o.value })}
            className={cn(
              "rounded-md px-3 py-1 text-sm font-medium text-muted-foreground transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60",
              checked && o.value === "live" && "bg-card text-foreground shadow-sm",
              checked && o.value === "test" && "bg-sandbox text-sandbox-foreground shadow-sm",
            )}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
