"use client";
// New partner: the partner's settings and its first admin's email. On success the dialog shows, once,
// the admin's set-password link and both environments' key pairs (private keys are not stored).
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, TriangleAlert } from "lucide-react";
import { toast } from "sonner";
import type { z } from "zod";
import { AUDIENCE_REGIONS, DELIVERY_METHODS, PARTNER_TYPES } from "@/server/domain/enums";
import { partnerCreateWithAdminSchema } from "@/server/schemas/super-admin.schema";
import { api, type RouterOutputs } from "@/trpc/react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { CopyButton } from "@/components/portal/copy-button";
import { FormDialogFooter } from "@/components/portal/form-dialog-footer";
import { CheckboxGroupField, SelectField } from "@/components/portal/form-fields";
import { onlyFields, setServerErrors, withoutParamPrefix } from "@/components/portal/server-errors";
import { plainErrorMap } from "@/server/domain/plain-messages";

type FormValues = z.input<typeof partnerCreateWithAdminSchema>;
type Created = RouterOutputs["superAdmin"]["createPartner"];

const DELIVERY_LABELS: Record<(typeof DELIVERY_METHODS)[number], string> = {
  hosted: "Hosted app on the partner's subdomain",
  iframe: "Embedded widget (iframe)",
  api: "API only: the partner builds the UI",
};

export function CreatePartnerDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const utils = api.useUtils();
  const form = useForm<FormValues>({
    resolver: zodResolver(partnerCreateWithAdminSchema, { error: plainErrorMap }),
    defaultValues: { name: "", type: "Accelerator", regions: [], subdomain: undefined, delivery_method: "hosted", admin_email: "" },
  });
  const create = api.superAdmin.createPartner.useMutation({
    onSuccess: async (result) => {
      setCreated(result);
      toast.success(`Partner ${result.partner.name} created`);
      await utils.superAdmin.listPartners.invalidate();
    },
    onError: (error) => setServerErrors(form, error, onlyFields(["name", "type", "regions", "subdomain", "delivery_method", "admin_email"]), { focus: false, messageOf: withoutParamPrefix }),
  });

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setCreated(null);
      form.reset();
      create.reset();
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden /> New partner
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        {created ? (
          <CreatedPartner created={created} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>New partner</DialogTitle>
              <DialogDescription>The partner gets live and sandbox API keys; its first admin gets a one-time link to choose a password.</DialogDescription>
            </DialogHeader>
            <Form {...form}>
              <form className="space-y-4" onSubmit={form.handleSubmit((values) => create.mutate({ ...values, subdomain: values.subdomain?.trim() || undefined }))} noValidate>
                <FormField
                  control={form.control}
                  name="name"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Partner name</FormLabel>
                      <FormControl>
                        <Input autoComplete="organization" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <SelectField control={form.control} name="type" label="Partner type" options={PARTNER_TYPES.map((t) => ({ value: t, label: t }))} />
                <CheckboxGroupField control={form.control} name="regions" label="Regions" options={AUDIENCE_REGIONS.map((r) => ({ value: r, label: r }))} gridClassName="grid-cols-2 sm:grid-cols-3" />
                <FormField
                  control={form.control}
                  name="subdomain"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Subdomain</FormLabel>
                      <FormControl>
                        <Input {...field} value={field.value ?? ""} placeholder="acme" autoCapitalize="none" spellCheck={false} />
                      </FormControl>
                      <FormDescription>Where the hosted app lives. Leave empty to derive it from the name.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="delivery_method"
                  render={({ field }) => (
                    <FormItem>
                      <fieldset className="space-y-2">
                        <legend className="text-sm font-medium">Delivery method</legend>
                        <RadioGroup value={field.value} onValueChange={field.onChange} className="gap-2">
                          {DELIVERY_METHODS.map((m) => (
                            <div key={m} className="flex items-center gap-2">
                              <RadioGroupItem id={`delivery-${m}`} value={m} />
                              <Label htmlFor={`delivery-${m}`} className="font-normal">
                                {DELIVERY_LABELS[m]}
                              </Label>
                            </div>
                          ))}
                        </RadioGroup>
                      </fieldset>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="admin_email"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>{"First admin's email"}</FormLabel>
                      <FormControl>
                        <Input type="email" autoComplete="off" {...field} />
                      </FormControl>
                      <FormDescription>They get a set-password link (shown after creation, valid once).</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormDialogFooter
                  cancel={false}
                  problem={create.error && !create.error.data?.param ? create.error.message : null}
                  problemTitle="The partner was not created"
                  pending={create.isPending}
                  pendingLabel="Creating…"
                  submitLabel="Create partner"
                />
              </form>
            </Form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreatedPartner({ created }: { created: Created }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{created.partner.name} is ready</DialogTitle>
        <DialogDescription>Copy these now: the private keys and the link are shown only once.</DialogDescription>
      </DialogHeader>
      <Alert variant="warning">
        <TriangleAlert aria-hidden />
        <AlertTitle>Shown once</AlertTitle>
        <AlertDescription>Perkway stores only a hash of each private key. Send the keys to the partner over a secure channel.</AlertDescription>
      </Alert>
      <div className="space-y-4">
        <SecretField label="Set-password link" value={created.set_password.url} description={`For ${created.admin.email}.`} />
        {(["live", "test"] as const).map((env) => {
          const name = env === "live" ? "Live" : "Sandbox";
          return (
            <fieldset key={env} className="space-y-3 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">{name} keys</legend>
              <SecretField label={`${name} public key`} value={created.keys[env].public_key} />
              <SecretField label={`${name} private key`} value={created.keys[env].private_key} />
            </fieldset>
          );
        })}
      </div>
      <DialogFooter>
        <Button asChild>
          <Link href={`/partners/${created.partner.id}`}>Open {created.partner.name}</Link>
        </Button>
      </DialogFooter>
    </>
  );
}

export function SecretField({ label, value, description }: { label: string; value: string; description?: string }) {
  const id = `secret-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
      </div>
      {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
    </div>
  );
}
