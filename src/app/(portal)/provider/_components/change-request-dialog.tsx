"use client";
// The change request form of one deal: its content, redemption details and end date, prefilled with
// the live values and checked with the procedure's own schema (changeRequestCreateSchema); server
// refusals land on their fields. The Perkway team approves or rejects what is sent.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { api, type RouterOutputs } from "@/trpc/react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { FormDialogFooter } from "@/components/portal/form-dialog-footer";
import { TextAreaField, TextField } from "@/components/portal/form-fields";
import { schemaResolver } from "@/components/portal/schema-resolver";
import { fieldErrorsOf, setServerErrors } from "@/components/portal/server-errors";
import { changeRequestCreateSchema } from "@/server/schemas/provider.schema";

type DealFields = RouterOutputs["provider"]["deal"]["fields"];

const FIELDS = ["product_name", "short_description", "long_description", "product_url", "redeem_url", "promo_code", "instructions", "end_date"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

function valuesOf(f: DealFields): Values {
  return {
    product_name: f.product_name,
    short_description: f.short_description,
    long_description: f.long_description,
    product_url: f.product_url,
    redeem_url: f.redemption?.redeem_url ?? "",
    promo_code: f.redemption?.promo_code ?? "",
    instructions: f.redemption?.instructions ?? "",
    end_date: f.end_date ?? "",
  };
}

/** The procedure's input: the form's fields, the redemption's only for a deal that has redemption details. */
function inputOf(dealId: string, redemption: DealFields["redemption"]) {
  return (v: Values) => ({
    deal_id: dealId,
    changes: {
      product_name: v.product_name,
      short_description: v.short_description,
      long_description: v.long_description,
      product_url: v.product_url,
      end_date: v.end_date || null,
      ...(redemption ? { redemption: { ...redemption, redeem_url: v.redeem_url, promo_code: v.promo_code, instructions: v.instructions } } : {}),
    },
  });
}

/** "changes.redemption.redeem_url" → "redeem_url": the form field an issue or a server refusal names. */
function fieldOf(path: string): string | null {
  const field = path.replace(/^changes\./, "").replace(/^redemption\./, "");
  return (FIELDS as readonly string[]).includes(field) ? field : null;
}

export function ChangeRequestDialog({ dealId, dealName }: { dealId: string; dealName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Propose changes to ${dealName}`}>
          Propose changes
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Propose changes to {dealName}</DialogTitle>
          <DialogDescription>The Perkway team reviews your changes; members see them once approved. You get an email either way.</DialogDescription>
        </DialogHeader>
        {open ? <ChangeRequestLoader dealId={dealId} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ChangeRequestLoader({ dealId, onDone }: { dealId: string; onDone: () => void }) {
  const deal = api.provider.deal.useQuery({ deal_id: dealId });
  if (deal.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (deal.isError) return <p className="text-sm text-destructive">{deal.error.message}</p>;
  return <ChangeForm dealId={dealId} fields={deal.data.fields} onDone={onDone} />;
}

function ChangeForm({ dealId, fields, onDone }: { dealId: string; fields: DealFields; onDone: () => void }) {
  const utils = api.useUtils();
  const toInput = inputOf(dealId, fields.redemption);
  const form = useForm<Values>({ defaultValues: valuesOf(fields), resolver: schemaResolver<Values>(changeRequestCreateSchema, toInput, fieldOf) });
  const [problem, setProblem] = useState<string | null>(null);
  const send = api.provider.requestChange.useMutation();

  async function onSubmit(values: Values) {
    setProblem(null);
    try {
      await send.mutateAsync(toInput(values));
      toast.success("Sent for review");
      void utils.provider.deals.invalidate();
      void utils.provider.changeRequests.invalidate();
      onDone();
    } catch (error) {
      // What no field shows (another refusal, or a field this form does not have) goes above the buttons.
      const rest = setServerErrors(form, error, fieldOf);
      if (rest.length || fieldErrorsOf(error).length === 0) setProblem((error as Error).message);
    }
  }

  return (
    <Form {...form}>
      <form className="space-y-3" onSubmit={form.handleSubmit(onSubmit)} aria-label="Propose changes" noValidate>
        <TextField control={form.control} name="product_name" label="Name" />
        <TextAreaField control={form.control} name="short_description" label="Short description" />
        <TextAreaField control={form.control} name="long_description" label="Long description" />
        <TextField control={form.control} name="product_url" label="Product URL" />
        {fields.redemption ? (
          <>
            <TextField control={form.control} name="redeem_url" label="Redeem URL" />
            <TextField control={form.control} name="promo_code" label="Promo code" />
            <TextAreaField control={form.control} name="instructions" label="Redemption instructions" />
          </>
        ) : null}
        <TextField control={form.control} name="end_date" label="End date" type="date" />
        <FormDialogFooter problem={problem} problemTitle="Not sent" pending={send.isPending} pendingLabel="Sending…" submitLabel="Send for review" />
      </form>
    </Form>
  );
}
