"use client";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { api } from "@/trpc/react";
import { applyServerErrors, OwnDealForm, useOwnDealForm } from "../_components/own-deal-form";
import { emptyDealValues } from "@/components/deals/deal-values";
import { inputOfValues } from "../_components/own-deal-values";
import { fieldErrorsOf } from "@/components/portal/server-errors";

export function NewOwnDeal() {
  const router = useRouter();
  const form = useOwnDealForm("create", emptyDealValues);
  const utils = api.useUtils();
  const create = api.ownDeals.create.useMutation({
    onSuccess: async (deal) => {
      toast.success(`Created the draft "${deal.product_name}"`);
      await utils.ownDeals.invalidate();
      router.push(`/deals/own/${deal.id}`);
    },
    onError: (err) => {
      const rest = applyServerErrors(form, err);
      if (rest.length || fieldErrorsOf(err).length === 0) toast.error(err.message);
    },
  });
  return <OwnDealForm form={form} submitLabel="Create draft" pending={create.isPending} onSubmit={(v) => create.mutate(inputOfValues(v) as never)} />;
}
