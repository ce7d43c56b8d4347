"use client";
// Add / edit a webhook endpoint: URL, description, event types. Validated with the resource's zod
// schema (the one /v1/webhook-endpoints uses); the server re-checks the address.
import { createContext, useContext, useState, type ReactNode } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { WEBHOOK_EVENT_TYPES, webhookEndpointCreateSchema, type WebhookEventType } from "@/server/schemas/webhook.schema";
import { plainErrorMap } from "@/server/domain/plain-messages";
import { FormDialogFooter } from "@/components/portal/form-dialog-footer";

export const EVENT_TYPE_HELP: Record<WebhookEventType, string> = {
  "user.created": "A member was created",
  "user.updated": "A member was changed (over the API, in the portal or by your directory)",
  "user.deleted": "A member was deleted",
  "deal.published": "One of your own deals went live",
  "deal.redeemed": "A member redeemed a deal or claimed a code",
  "redemption.reversed": "A deal's provider reversed a confirmed redemption",
  "inquiry.submitted": "A member sent an inquiry form",
  "codes.low": "A code pool fell to its low-stock threshold",
  "codes.exhausted": "A code pool ran out",
  "access_request.created": "A member asked for access to a deal, or to become a member",
  "access_request.approved": "An access request was approved",
  "access_request.declined": "An access request was declined",
  "deal.expired": "One of your deals expired (end date passed)",
};

/** Whether this server accepts local webhook URLs (WEBHOOK_ALLOW_PRIVATE): the URL hint says so. */
export const LocalWebhooksAllowed = createContext(false);

export type EndpointValues = { url: string; description: string; event_types: WebhookEventType[] };

export function EndpointFormDialog({
  trigger,
  title,
  description,
  submitLabel,
  initial,
  onSubmit,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  submitLabel: string;
  initial?: EndpointValues;
  onSubmit: (values: EndpointValues) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const localAllowed = useContext(LocalWebhooksAllowed);
  const form = useForm<EndpointValues>({
    resolver: zodResolver(webhookEndpointCreateSchema, { error: plainErrorMap }) as never,
    defaultValues: initial ?? { url: "", description: "", event_types: [...WEBHOOK_EVENT_TYPES] },
  });
  async function submit(values: EndpointValues) {
    try {
      await onSubmit(values);
      setOpen(false);
      form.reset(initial ?? undefined);
    } catch (err) {
      form.setError("url", { message: (err as Error).message });
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) form.reset(initial ?? { url: "", description: "", event_types: [...WEBHOOK_EVENT_TYPES] });
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(submit)} className="space-y-4" noValidate>
            <FormField
              control={form.control}
              name="url"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Endpoint URL</FormLabel>
                  <FormControl>
                    <Input type="url" placeholder="https://api.example.com/webhooks/perkway" autoComplete="off" {...field} />
                  </FormControl>
                  <FormDescription>{localAllowed ? "https, or http for localhost and 127.0.0.1 (this server allows local addresses)." : "https on a public address: localhost, 127.0.0.1 and private networks are refused."}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Description (optional)</FormLabel>
                  <FormControl>
                    <Textarea rows={2} placeholder="What receives these events" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="event_types"
              render={({ field }) => (
                <FormItem>
                  <fieldset>
                    <legend className="text-sm font-medium">Events to send</legend>
                    <div className="mt-2 grid gap-2 sm:grid-cols-2">
                      {WEBHOOK_EVENT_TYPES.map((t) => {
                        const id = `event-type-${t.replace(".", "-")}`;
                        const checked = field.value.includes(t);
                        return (
                          <div key={t} className="flex items-start gap-2">
                            <Checkbox
                              id={id}
                              checked={checked}
                              onCheckedChange={(on) => field.onChange(on ? [...field.value, t] : field.value.filter((v) => v !== t))}
                            />
                            <label htmlFor={id} className="text-sm leading-tight">
                              <span className="font-mono">{t}</span>
                              <span className="block text-xs text-muted-foreground">{EVENT_TYPE_HELP[t]}</span>
                            </label>
                          </div>
                        );
                      })}
                    </div>
                  </fieldset>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormDialogFooter cancel={false} pending={form.formState.isSubmitting} submitLabel={submitLabel} />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
