"use client";
// The change request form of one deal: its content, redemption details and end date, prefilled with
// the live values. Sends only what changed; the Perkway team approves or rejects it.
import { useState } from "react";
import { toast } from "sonner";
import { api } from "@/trpc/react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

type Fields = {
  product_name: string;
  short_description: string;
  long_description: string;
  product_url: string;
  redeem_url: string;
  promo_code: string;
  instructions: string;
  end_date: string;
};

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
        {open ? <ChangeForm dealId={dealId} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ChangeForm({ dealId, onDone }: { dealId: string; onDone: () => void }) {
  const deal = api.provider.deal.useQuery({ deal_id: dealId });
  const utils = api.useUtils();
  const [values, setValues] = useState<Fields | null>(null);
  const send = api.provider.requestChange.useMutation({
    onSuccess: () => {
      toast.success("Sent for review");
      void utils.provider.deals.invalidate();
      void utils.provider.changeRequests.invalidate();
      onDone();
    },
    onError: (e) => toast.error(e.message),
  });
  if (deal.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (deal.isError) return <p className="text-sm text-destructive">{deal.error.message}</p>;
  const f = deal.data.fields;
  const v: Fields = values ?? {
    product_name: f.product_name,
    short_description: f.short_description,
    long_description: f.long_description,
    product_url: f.product_url,
    redeem_url: f.redemption?.redeem_url ?? "",
    promo_code: f.redemption?.promo_code ?? "",
    instructions: f.redemption?.instructions ?? "",
    end_date: f.end_date ?? "",
  };
  const set = (k: keyof Fields) => (e: { target: { value: string } }) => setValues({ ...v, [k]: e.target.value });
  const field = (k: keyof Fields, label: string, long = false) => (
    <div className="space-y-1">
      <Label htmlFor={`cr-${k}`}>{label}</Label>
      {long ? <Textarea id={`cr-${k}`} rows={3} value={v[k]} onChange={set(k)} /> : <Input id={`cr-${k}`} type={k === "end_date" ? "date" : "text"} value={v[k]} onChange={set(k)} />}
    </div>
  );
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        const r = f.redemption;
        send.mutate({
          deal_id: dealId,
          changes: {
            product_name: v.product_name,
            short_description: v.short_description,
            long_description: v.long_description,
            product_url: v.product_url,
            end_date: v.end_date || null,
            ...(r ? { redemption: { ...r, redeem_url: v.redeem_url, promo_code: v.promo_code, instructions: v.instructions } } : {}),
          },
        });
      }}
    >
      {field("product_name", "Name")}
      {field("short_description", "Short description", true)}
      {field("long_description", "Long description", true)}
      {field("product_url", "Product URL")}
      {f.redemption ? (
        <>
          {field("redeem_url", "Redeem URL")}
          {field("promo_code", "Promo code")}
          {field("instructions", "Redemption instructions", true)}
        </>
      ) : null}
      {field("end_date", "End date")}
      <DialogFooter>
        <Button type="submit" disabled={send.isPending}>
          Send for review
        </Button>
      </DialogFooter>
    </form>
  );
}
