"use client";
// Create or edit one servicepass deal: every catalogue entry field, checked in the browser with the
// services' own schema (catalogEntrySchema, through entryFromValues) and again by the service.
import { useRouter } from "next/navigation";
import { useFieldArray, useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { DEAL_STATUSES, DEAL_TAGS, DEAL_TIERS, ELIGIBILITY_VOCABULARIES, REDEMPTION_METHODS, RULE_TYPES } from "@/server/domain/enums";
import { catalogEntrySchema } from "@/server/schemas/deal.schema";
import { api } from "@/trpc/react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { onlyFields, setServerErrors, withoutParamPrefix } from "@/components/portal/server-errors";
import { CheckboxGroupField, SelectField, SwitchField, TextAreaField, TextField } from "@/components/portal/form-fields";
import { entryFromValues, fieldOfParam, VOCAB_DIMENSIONS, type DealFormValues } from "./deal-form-values";

const STATUS_LABELS: Record<string, string> = { draft: "Draft", live: "Live", expired: "Expired", paused: "Paused", coming_soon: "Coming soon" };
const DIMENSION_LABELS: Record<string, string> = {
  customer_type: "Customer type",
  company_stage: "Company stage",
  company_size: "Company size",
  business_type: "Business type",
  incorporation: "Incorporation",
  funding: "Funding",
};
const RULE_HELP = "Values separated by ;. Partner rules: partner ids; partner type, region and user type rules: the exact names (e.g. VC fund; Europe; Scale-up).";

type Props = {
  categories: { slug: string; name: string }[];
  defaultValues: DealFormValues;
  /** edit: the deal id; create: undefined */
  dealId?: string;
  codes?: { total: number; claimed: number; available: number };
};

export function DealForm({ categories, defaultValues, dealId, codes }: Props) {
  const router = useRouter();
  const utils = api.useUtils();
  const names = new Map(categories.map((c) => [c.slug, c.name]));
  const form = useForm<DealFormValues>({ defaultValues, resolver: entryResolver(names) });
  const rules = useFieldArray({ control: form.control, name: "rules" });

  const onSaved = async (slug: string, id: string) => {
    toast.success(dealId ? `Saved ${slug}` : `Created ${slug}`);
    await utils.superAdmin.listCatalogDeals.invalidate();
    if (dealId) {
      await utils.superAdmin.getCatalogDeal.invalidate({ id: dealId });
      form.resetField("new_codes", { defaultValue: "" });
    } else router.push(`/catalogue/${id}`);
  };
  const fieldNames = [...Object.keys(defaultValues), ...VOCAB_DIMENSIONS.map((d) => `eligibility.${d}`), ...rules.fields.flatMap((_, i) => [`rules.${i}.rule_type`, `rules.${i}.rule_value`, `rules.${i}.priority`])];
  const onError = (e: unknown) => setServerErrors(form, e, onlyFields(fieldNames, (p) => fieldOfParam(p)), { focus: false, messageOf: withoutParamPrefix });
  const create = api.superAdmin.createCatalogDeal.useMutation({ onSuccess: (d) => onSaved(d.slug, d.id), onError });
  const update = api.superAdmin.updateCatalogDeal.useMutation({ onSuccess: (d) => onSaved(d.slug, d.id), onError });
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;

  function submit(values: DealFormValues) {
    const entry = entryFromValues(values, names);
    if (dealId) update.mutate({ id: dealId, entry });
    else create.mutate({ entry });
  }

  return (
    <Form {...form}>
      <form className="space-y-6" onSubmit={form.handleSubmit(submit)} noValidate>
        <Card>
          <CardHeader>
            <CardTitle>Product</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <TextField control={form.control} name="product_name" label="Product name" />
            <TextField control={form.control} name="slug" label="Slug" description="Lowercase letters, digits and hyphens; the catalogue's key (import updates by slug)." />
            <div className="md:col-span-2">
              <TextAreaField control={form.control} name="short_description" label="Short description" rows={2} />
            </div>
            <div className="md:col-span-2">
              <TextAreaField control={form.control} name="long_description" label="Long description" rows={5} />
            </div>
            <TextField control={form.control} name="perk_description" label="Perk description" />
            <TextField control={form.control} name="market_value" label="Market value" placeholder="$5,000 in credits" />
            <TextField control={form.control} name="est_value" label="Estimated value (number)" type="number" />
            <TextField control={form.control} name="logo_url" label="Logo URL" />
            <TextField control={form.control} name="product_url" label="Product URL" />
            <SelectField control={form.control} name="tier" label="Tier" options={DEAL_TIERS.map((t) => ({ value: t, label: t === "free" ? "Free" : "Premium" }))} />
            <TextField control={form.control} name="badges" label="Badges" description="Separated by ;" />
            <TextField control={form.control} name="offer_types" label="Offer types" description="Separated by ;" />
            <div className="md:col-span-2">
              <CheckboxGroupField control={form.control} name="tags" label="Tags" options={DEAL_TAGS.map((t) => ({ value: t, label: t.replace(/_/g, " ") }))} />
            </div>
            <div className="md:col-span-2">
              <CheckboxGroupField
                control={form.control}
                name="categories"
                label="Categories"
                description={categories.length ? undefined : "No category exists yet: create them on the Categories page."}
                options={categories.map((c) => ({ value: c.slug, label: c.name }))}
              />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Status and channels</CardTitle>
            <CardDescription>API excluded: hidden from GET /v1/deals, still shown in partners&rsquo; hosted apps. Hidden globally: shown nowhere.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <SelectField control={form.control} name="status" label="Status" options={DEAL_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} />
            <div className="grid grid-cols-2 gap-4">
              <TextField control={form.control} name="start_date" label="Start date" type="date" />
              <TextField control={form.control} name="end_date" label="End date" type="date" />
            </div>
            <SwitchField control={form.control} name="active" label="Active" description="Inactive deals are listed nowhere." />
            <SwitchField control={form.control} name="api_excluded" label="Excluded from the API" description="Leaves GET /v1/deals; stays in the hosted app." />
            <SwitchField control={form.control} name="hidden_globally" label="Hidden globally" description="Hidden from every channel." />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Redemption</CardTitle>
            <CardDescription>Placeholders {"{{email}}"}, {"{{user_id}}"}, {"{{external_user_id}}"}, {"{{partner_id}}"} are filled per member.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <SelectField
              control={form.control}
              name="redemption_method"
              label="Redemption method"
              options={REDEMPTION_METHODS.map((m) => ({ value: m, label: m.replace(/_/g, " ") }))}
            />
            <TextField control={form.control} name="redemption_redeem_url" label="Redeem URL" />
            <TextField control={form.control} name="redemption_promo_code" label="Promo code" />
            <TextField control={form.control} name="redemption_contact_email" label="Contact email" type="email" />
            <div className="md:col-span-2">
              <TextAreaField control={form.control} name="redemption_instructions" label="Instructions (HTML)" rows={4} />
            </div>
            <div className="md:col-span-2 space-y-2">
              <p className="text-sm font-medium">Unique codes</p>
              <p className="text-muted-foreground text-sm">
                {codes ? `${codes.available} available, ${codes.claimed} claimed, ${codes.total} in total.` : "No codes yet."}
              </p>
              <TextAreaField control={form.control} name="new_codes" label="Add codes" description="One per line (or separated by commas); duplicates are ignored. Codes are never shown again." rows={3} />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Eligibility</CardTitle>
            <CardDescription>An empty dimension has no requirement; otherwise a member needs one of the checked values.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6 md:grid-cols-2">
            <div className="md:col-span-2">
              <TextAreaField control={form.control} name="eligibility_requirements" label="Eligibility requirements (text shown to members)" rows={2} />
            </div>
            {VOCAB_DIMENSIONS.map((d) => (
              <CheckboxGroupField
                key={d}
                control={form.control}
                name={`eligibility.${d}`}
                label={DIMENSION_LABELS[d]}
                options={ELIGIBILITY_VOCABULARIES[d].map((v) => ({ value: v, label: v }))}
              />
            ))}
            <TextField control={form.control} name="eligibility_geography" label="Geography (ISO country codes)" description="Separated by ; e.g. DE; FR; US" />
            <div className="space-y-4">
              <SwitchField control={form.control} name="approval_required" label="Approval required" />
              <TextField control={form.control} name="approval_time" label="Approval time" placeholder="2-3 business days" />
            </div>
          </CardContent>
        </Card>

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
                              {t.replace(/_/g, " ")}
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

        {error && !error.data?.param ? (
          <Alert variant="destructive">
            <AlertTitle>Not saved</AlertTitle>
            <AlertDescription>{error.message}</AlertDescription>
          </Alert>
        ) : null}
        {Object.keys(form.formState.errors).length ? (
          <Alert variant="destructive" role="alert">
            <AlertTitle>Check the highlighted fields</AlertTitle>
            <AlertDescription>{firstMessage(form.formState.errors)}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => router.push("/catalogue")}>
            Back to catalogue
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving…" : dealId ? "Save deal" : "Create deal"}
          </Button>
        </div>
      </form>
    </Form>
  );
}

/** react-hook-form resolver: the entry these values make, checked with catalogEntrySchema. */
function entryResolver(names: ReadonlyMap<string, string>): Resolver<DealFormValues> {
  return async (values) => {
    const result = catalogEntrySchema.safeParse(entryFromValues(values, names));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const path = issue.code === "unrecognized_keys" ? [...issue.path, issue.keys[0]] : issue.path;
      const field = fieldOfParam(path as (string | number)[]);
      if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: nest(errors) as FieldErrors<DealFormValues> };
  };
}

/** "rules.0.rule_value" → { rules: [{ rule_value: … }] }, the shape react-hook-form expects. */
function nest(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split(".");
    let node = out as Record<string, unknown>;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1]) ? [] : {}) as Record<string, unknown>;
    });
  }
  return out;
}

function firstMessage(errors: FieldErrors<DealFormValues>): string {
  const walk = (e: unknown): string | null => {
    if (!e || typeof e !== "object") return null;
    if ("message" in e && typeof (e as { message: unknown }).message === "string") return (e as { message: string }).message;
    for (const v of Object.values(e)) {
      const m = walk(v);
      if (m) return m;
    }
    return null;
  };
  return walk(errors) ?? "Some fields are not valid.";
}

