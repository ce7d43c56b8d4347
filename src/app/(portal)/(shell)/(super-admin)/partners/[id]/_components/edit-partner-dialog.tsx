"use client";
// Super admin → one partner → "Edit settings": the partner record's settings (name, type, regions,
// subdomain, delivery, freemium, upgrade link, support email), saved through the partners service
// with the super admin as actor, so the change lands in the partner's Activity and the platform log.
// Branding and member access stay on the partner's own Settings page (open it with "View as").
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Pencil } from "lucide-react";
import { toast } from "sonner";
import { AUDIENCE_REGIONS, DELIVERY_METHODS, PARTNER_TYPES } from "@/server/domain/enums";
import { partnerSettingsSchema } from "@/server/schemas/partner.schema";
import type { PartnerDto } from "@/server/services/partners";
import { api } from "@/trpc/react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { FormDialogFooter } from "@/components/portal/form-dialog-footer";
import { CheckboxGroupField, SelectField, SwitchField, TextField } from "@/components/portal/form-fields";
import { schemaResolver } from "@/components/portal/schema-resolver";
import { onlyFields, setServerErrors, withoutParamPrefix } from "@/components/portal/server-errors";

const FIELDS = ["name", "type", "regions", "subdomain", "delivery_method", "freemium_enabled", "upgrade_url", "support_email"] as const;
const editSchema = partnerSettingsSchema.pick({ name: true, type: true, regions: true, subdomain: true, delivery_method: true, freemium_enabled: true, upgrade_url: true, support_email: true });

type Values = {
  name: string;
  type: PartnerDto["type"];
  regions: PartnerDto["regions"];
  subdomain: string;
  delivery_method: PartnerDto["delivery_method"];
  freemium_enabled: boolean;
  upgrade_url: string;
  support_email: string;
};

const DELIVERY_LABELS: Record<(typeof DELIVERY_METHODS)[number], string> = {
  hosted: "Hosted app on the partner's subdomain",
  iframe: "Embedded widget (iframe)",
  api: "API only: the partner builds the UI",
};

/** The form's strings as the update the service takes (an empty link or email clears it). */
function toInput(v: Values) {
  return { ...v, upgrade_url: v.upgrade_url.trim() || null, support_email: v.support_email.trim() || null };
}

function valuesOf(p: PartnerDto): Values {
  return {
    name: p.name,
    type: p.type,
    regions: p.regions,
    subdomain: p.subdomain,
    delivery_method: p.delivery_method,
    freemium_enabled: p.freemium_enabled,
    upgrade_url: p.upgrade_url ?? "",
    support_email: p.support_email ?? "",
  };
}

export function EditPartnerDialog({ partner, onSaved }: { partner: PartnerDto; onSaved: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const form = useForm<Values>({
    resolver: schemaResolver<Values>(editSchema, toInput, (path) => (FIELDS as readonly string[]).includes(path) ? path : null),
    defaultValues: valuesOf(partner),
  });
  const save = api.superAdmin.updatePartner.useMutation({
    onSuccess: async (p) => {
      toast.success(`Saved ${p.name}'s settings`);
      setOpen(false);
      await onSaved();
    },
    onError: (error) => setServerErrors(form, error, onlyFields(FIELDS, (param) => param.replace(/^changes\./, "")), { messageOf: withoutParamPrefix }),
  });

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      form.reset(valuesOf(partner));
      save.reset();
    }
  }

  const unplaced = save.error && !FIELDS.some((f) => form.formState.errors[f]) ? save.error.message : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden /> Edit settings
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit {partner.name}&rsquo;s settings</DialogTitle>
          <DialogDescription>Saved on the partner&rsquo;s behalf and recorded in its activity and the platform log with your name.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form className="min-w-0 space-y-4" noValidate onSubmit={form.handleSubmit((values) => save.mutate({ partnerId: partner.id, changes: toInput(values) }))}>
            <TextField control={form.control} name="name" label="Partner name" inputProps={{ autoComplete: "organization" }} />
            <SelectField control={form.control} name="type" label="Partner type" options={PARTNER_TYPES.map((t) => ({ value: t, label: t }))} />
            <CheckboxGroupField control={form.control} name="regions" label="Regions" options={AUDIENCE_REGIONS.map((r) => ({ value: r, label: r }))} gridClassName="grid-cols-2 sm:grid-cols-3" />
            <TextField
              control={form.control}
              name="subdomain"
              label="Subdomain"
              description="Where the hosted app lives. Changing it moves the hosted app: links already sent stop working."
              inputProps={{ autoCapitalize: "none", spellCheck: false }}
            />
            <SelectField control={form.control} name="delivery_method" label="Delivery method" options={DELIVERY_METHODS.map((m) => ({ value: m, label: DELIVERY_LABELS[m] }))} />
            <SwitchField control={form.control} name="freemium_enabled" label="Freemium" description="Free members see premium deals locked, with the upgrade link." />
            <TextField control={form.control} name="upgrade_url" label="Upgrade link (optional)" type="url" placeholder="https://example.com/upgrade" />
            <TextField control={form.control} name="support_email" label="Support email (optional)" type="email" description="Replies to members' sign-in emails go here." />
            <FormDialogFooter problem={unplaced} problemTitle="The settings were not saved" pending={save.isPending} submitLabel="Save settings" />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
