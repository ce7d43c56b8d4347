"use client";
// Settings → Partner: who the partner is, and how members get the deals.
import { CheckboxGroupField, SelectField, TextField } from "@/components/portal/form-fields";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, FormItem, FormMessage } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { AUDIENCE_REGIONS, DELIVERY_METHODS, PARTNER_TYPES } from "@/server/domain/enums";
import type { SettingsFormState } from "./use-settings-form";

const DELIVERY_TEXT: Record<(typeof DELIVERY_METHODS)[number], string> = {
  hosted: "Members sign in at your subdomain with the magic links your backend requests.",
  iframe: "The same app inside an iframe on your own site (add its origin under Embedding).",
  api: "Your own product lists the deals through the Perkway API and reports events.",
};

export function PartnerCard({ state: { form } }: { state: SettingsFormState }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Partner</CardTitle>
        <CardDescription>Who you are. Your partner type and regions decide which servicepass deals your members can meet.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 md:grid-cols-2">
        <TextField control={form.control} name="name" label="Partner name" inputProps={{ autoComplete: "organization" }} />
        <SelectField control={form.control} name="type" label="Partner type" options={PARTNER_TYPES.map((t) => ({ value: t, label: t }))} />
        <CheckboxGroupField
          control={form.control}
          name="regions"
          label="Regions"
          description="Where your members are. Deals targeted at other regions are not claimable for them."
          options={AUDIENCE_REGIONS.map((r) => ({ value: r, label: r }))}
          className="md:col-span-2"
          gridClassName="grid-cols-2 sm:grid-cols-4"
        />
        <FormField
          control={form.control}
          name="delivery_method"
          render={({ field }) => (
            <FormItem className="md:col-span-2">
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-medium">Delivery method</legend>
                <RadioGroup value={field.value} onValueChange={field.onChange} className="grid gap-2 md:grid-cols-3" aria-label="Delivery method">
                  {DELIVERY_METHODS.map((m) => (
                    <Label key={m} htmlFor={`delivery-${m}`} className="flex cursor-pointer items-start gap-3 rounded-md border p-3 font-normal has-[[data-state=checked]]:border-primary">
                      <RadioGroupItem id={`delivery-${m}`} value={m} className="mt-0.5" />
                      <span className="grid gap-1">
                        <span className="font-medium">{m === "iframe" ? "Embedded widget" : m === "api" ? "API only" : "Hosted app"}</span>
                        <span className="text-xs text-muted-foreground">{DELIVERY_TEXT[m]}</span>
                      </span>
                    </Label>
                  ))}
                </RadioGroup>
              </fieldset>
              <FormMessage />
            </FormItem>
          )}
        />
      </CardContent>
    </Card>
  );
}
