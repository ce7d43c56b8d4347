"use client";
// Under the custom domain field: whether the domain is verified, or what DNS record proves it is
// yours and what the last check found, with "Check now" (settings.verifyCustomDomain). Sign-in links,
// emails and the embed snippet switch to the domain only once it is verified (issue 44).
import { CheckCircle2, Clock } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { useDateFormat } from "@/components/portal/use-date-format";
import { api } from "@/trpc/react";
import type { Settings } from "./settings-values";

export function CustomDomainStatus({ partner, onVerified }: { partner: Settings["partner"]; onVerified: (out: Settings) => void }) {
  const verify = api.settings.verifyCustomDomain.useMutation();
  const { dateTime } = useDateFormat();
  const pending = partner.custom_domain_pending;
  if (!pending && !partner.custom_domain) return null;
  return (
    <div className="rounded-md border p-3 text-sm" data-testid="custom-domain-status" role="status">
      {partner.custom_domain ? (
        <p className="flex items-center gap-2">
          <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden="true" /> Verified: <span className="font-mono [overflow-wrap:anywhere]">{partner.custom_domain}</span> is in use.
        </p>
      ) : null}
      {pending ? (
        <div className="mt-1 flex flex-col gap-2">
          <p className="flex items-center gap-2 font-medium">
            <Clock className="size-4 shrink-0" aria-hidden="true" /> Waiting for verification: <span className="font-mono [overflow-wrap:anywhere]">{pending.domain}</span>
          </p>
          <p className="text-muted-foreground">
            Add this DNS record (TXT), or point the domain at the platform with a CNAME. Until the record is found and the domain answers over https, members keep using {partner.custom_domain ? "the verified address" : "your subdomain"}.
          </p>
          <dl className="grid gap-1 font-mono text-xs [overflow-wrap:anywhere] sm:grid-cols-[max-content_1fr] sm:gap-x-3">
            <dt className="text-muted-foreground">Name</dt>
            <dd>{pending.txt_record_name}</dd>
            <dt className="text-muted-foreground">Value</dt>
            <dd>{pending.txt_record_value}</dd>
          </dl>
          {pending.checked_at ? (
            <p className="text-xs">
              Checked {dateTime(pending.checked_at)}: {pending.problem}
            </p>
          ) : null}
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={verify.isPending}
              onClick={async () => {
                try {
                  const out = await verify.mutateAsync();
                  onVerified(out);
                  if (out.partner.custom_domain === pending.domain) toast.success(`${pending.domain} is verified: links now use it.`);
                } catch (error) {
                  toast.error((error as Error).message);
                }
              }}
            >
              {verify.isPending ? "Checking…" : "Check now"}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
