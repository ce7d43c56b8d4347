"use client";
// The catalogue deal's own sections of the deal form (deal-form.tsx): status and channels, codes to
// add to its pool, and its visibility rules (own deals set those on their page's other tabs).
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { SelectField, SwitchField, TextAreaField, TextField } from "@/components/portal/form-fields";
import { DEAL_STATUSES, RULE_TYPES } from "@/server/domain/enums";
import { DEAL_STATUS_LABELS, RULE_TYPE_LABELS } from "@/server/domain/labels";
import type { DealValues } from "./deal-values";

const RULE_HELP = "Values separated by ;. Partner rules: partner ids; partner type, region and user type rules: the exact names (e.g. VC fund; Europe; Scale-up).";

type FormProps = { form: UseFormReturn<DealValues> };

export function CatalogueStatusCard({ form }: FormProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Status and channels</CardTitle>
        <CardDescription>Excluded from the API: left out of partners&rsquo; API deal lists, still shown in their hosted apps. Hidden globally: shown nowhere.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <SelectField control={form.control} name="status" label="Status" options={DEAL_STATUSES.map((s) => ({ value: s, label: DEAL_STATUS_LABELS[s] }))} />
        <div className="grid grid-cols-2 gap-4">
          <TextField control={form.control} name="start_date" label="Start date" type="date" />
          <TextField control={form.control} name="end_date" label="End date" type="date" />
        </div>
        <SwitchField control={form.control} name="active" label="Active" description="Inactive deals are listed nowhere." />
        <SwitchField control={form.control} name="api_excluded" label="Excluded from the API" description="Left out of API deal lists; stays in the hosted app." />
        <SwitchField control={form.control} name="hidden_globally" label="Hidden globally" description="Hidden from every channel." />
        <TextField control={form.control} name="attribution_window_days" label="Attribution window (days)" type="number" description="Tracked deals: the provider's conversion must come within this many days of the member's click (1–365)." />
      </CardContent>
    </Card>
  );
}

export function CatalogueCodesField({ form, codes }: FormProps & { codes?: { total: number; claimed: number; available: number } }) {
  return (
    <div className="md:col-span-2 space-y-2">
      <p className="text-sm font-medium">Unique codes</p>
      <p className="text-muted-foreground text-sm">{codes ? `${codes.available} available, ${codes.claimed} claimed, ${codes.total} in total.` : "No codes yet."}</p>
      <TextAreaField control={form.control} name="new_codes" label="Add codes" description="One per line (or separated by commas); duplicates are ignored. Codes are never shown again." rows={3} />
    </div>
  );
}

export function CatalogueRulesCard({ form }: FormProps) {
  const rules = useFieldArray({ control: form.control, name: "rules" });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Visibility rules</CardTitle>
        <CardDescription>{RULE_HELP} Among matching rules of a dimension, the highest priority decides; on a tie, exclude wins.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {rules.fields.length === 0 ? <p className="text-muted-foreground text-sm">No rules: the deal is visible to every partner, in every region, to every user type.</p> : null}
        {rules.fields.map((r, i) => (
          <div key={r.id} className="grid gap-3 rounded-md border p-3 md:grid-cols-[14rem_1fr_7rem_auto] md:items-end">
            <FormField
              control={form.control}
              name={`rules.${i}.rule_type`}
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Rule {i + 1} type</FormLabel>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger className="w-full">
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {RULE_TYPES.map((t) => (
                        <SelectItem key={t} value={t}>
                          {RULE_TYPE_LABELS[t]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name={`rules.${i}.rule_value`}
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Rule {i + 1} values</FormLabel>
                  <FormControl>
                    <Input {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name={`rules.${i}.priority`}
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Rule {i + 1} priority</FormLabel>
                  <FormControl>
                    <Input type="number" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <Button type="button" variant="ghost" size="icon" aria-label={`Remove rule ${i + 1}`} onClick={() => rules.remove(i)}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        ))}
        <Button type="button" variant="outline" onClick={() => rules.append({ rule_type: "include_region", rule_value: "", priority: "0" })}>
          <Plus aria-hidden /> Add visibility rule
        </Button>
      </CardContent>
    </Card>
  );
}
