"use client";
// Create or edit an own deal: every writable field of /v1/partner-deals, validated with the same
// zod schema (partnerDealCreateSchema / partnerDealUpdateSchema), and the instructions editor's
// live preview. Server refusals (slug taken, deal_incomplete…) land next to their fields.
import { useEffect } from "react";
import { useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { DEAL_TAGS, ELIGIBILITY_VOCABULARIES, REDEMPTION_METHODS } from "@/server/domain/enums";
import { partnerDealCreateSchema, partnerDealUpdateSchema } from "@/server/schemas/deal.schema";
import { api } from "@/trpc/react";
import { setServerErrors, type FieldProblem } from "@/components/portal/server-errors";
import { CheckboxGroupField, SelectField, SwitchField, TextAreaField, TextField } from "@/components/portal/form-fields";
import { schemaResolver } from "@/components/portal/schema-resolver";
import { InstructionsPreview } from "./instructions-preview";
import { fieldOfPath, inputOfValues, VOCAB_DIMENSIONS, type OwnDealValues } from "./own-deal-values";

const options = (xs: readonly string[]) => xs.map((v) => ({ value: v, label: v }));
const DIMENSION_LABELS: Record<string, string> = {
  customer_type: "Customer type",
  company_stage: "Company stage",
  company_size: "Company size",
  business_type: "Business type",
  incorporation: "Incorporation",
  funding: "Funding",
};
const METHOD_HELP: Record<string, string> = {
  url: "Members follow the redeem URL (required to go live).",
  promo_code: "Every member gets the same promo code (required to go live).",
  unique_code: "Each member gets one code from the code pool (add codes before going live).",
  steps: "Members follow the instructions.",
  form: "Members fill in your form (put its link in the instructions).",
  inquiry: "Members send you a request from the hosted app.",
};

/** Server field errors (AppError param / errors) onto their fields; returns the ones with no field (e.g. codes). */
export function applyServerErrors(form: UseFormReturn<OwnDealValues>, error: unknown): FieldProblem[] {
  const known = new Set(Object.keys(form.getValues()));
  return setServerErrors(form, error, (param) => {
    const field = fieldOfPath(param);
    return field !== null && (known.has(field) || field.startsWith("redemption.") || field.startsWith("eligibility.")) ? field : null;
  });
}

export function useOwnDealForm(mode: "create" | "edit", defaultValues: OwnDealValues) {
  const schema = mode === "create" ? partnerDealCreateSchema : partnerDealUpdateSchema;
  return useForm<OwnDealValues>({ defaultValues, resolver: schemaResolver<OwnDealValues>(schema, inputOfValues, fieldOfPath) });
}

export function OwnDealForm({
  form,
  onSubmit,
  submitLabel,
  pending,
}: {
  form: UseFormReturn<OwnDealValues>;
  onSubmit: (values: OwnDealValues) => void;
  submitLabel: string;
  pending: boolean;
}) {
  const c = form.control;
  const categories = api.ownDeals.categories.useQuery();
  const method = useWatch({ control: c, name: "redemption.method" });
  const instructions = useWatch({ control: c, name: "redemption.instructions" });
  const redeemUrl = useWatch({ control: c, name: "redemption.redeem_url" });
  useEffect(() => form.clearErrors("redemption"), [method, form]);

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-6" aria-label="Deal details" noValidate>
        <Card>
          <CardHeader>
            <CardTitle>What the deal is</CardTitle>
            <CardDescription>Shown to your members in the hosted app and returned by GET /v1/deals.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <TextField control={c} name="product_name" label="Product name" />
            <TextField control={c} name="slug" label="Slug" description="Leave empty to have one generated from the name." />
            <div className="md:col-span-2">
              <TextAreaField control={c} name="short_description" label="Short description" rows={2} />
            </div>
            <div className="md:col-span-2">
              <TextAreaField control={c} name="long_description" label="Long description" rows={4} />
            </div>
            <TextField control={c} name="perk_description" label="Perk (headline)" placeholder="50% off for 12 months" />
            <TextField control={c} name="market_value" label="Market value" placeholder="$1,200" />
            <TextField control={c} name="est_value" label="Estimated value (number)" type="number" />
            <SelectField control={c} name="tier" label="Tier" options={[{ value: "free", label: "Free" }, { value: "premium", label: "Premium" }]} description="Premium deals are for premium members when freemium is on." />
            <TextField control={c} name="logo_url" label="Logo URL" placeholder="https://…" />
            <TextField control={c} name="product_url" label="Product URL" placeholder="https://…" />
            <TextField control={c} name="start_date" label="Start date" type="date" />
            <TextField control={c} name="end_date" label="End date" type="date" description="After it, the deal leaves the list." />
            <TextField control={c} name="badges" label="Badges" description="Separated by commas." />
            <TextField control={c} name="offer_types" label="Offer types" description="Separated by commas." />
            <div className="md:col-span-2">
              <CheckboxGroupField control={c} name="tags" label="Tags" options={options(DEAL_TAGS)} />
            </div>
            <div className="md:col-span-2">
              {categories.data ? (
                <CheckboxGroupField control={c} name="categories" label="Categories" options={categories.data.map((x) => ({ value: x.slug, label: x.name }))} />
              ) : (
                <p className="text-sm text-muted-foreground">{categories.error ? "Categories could not be loaded." : "Loading categories…"}</p>
              )}
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Redemption</CardTitle>
            <CardDescription>{METHOD_HELP[method] ?? ""} Placeholders: {"{{email}} {{user_id}} {{external_user_id}} {{partner_id}}"}.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <SelectField control={c} name="redemption.method" label="Method" options={REDEMPTION_METHODS.map((m) => ({ value: m, label: m.replace("_", " ") }))} />
            <TextField control={c} name="redemption.contact_email" label="Contact email" type="email" />
            <TextField control={c} name="redemption.redeem_url" label="Redeem URL" placeholder="https://example.com/claim?e={{email}}" />
            <TextField control={c} name="redemption.promo_code" label="Promo code" />
            <div className="md:col-span-2 grid gap-4 lg:grid-cols-2">
              <TextAreaField control={c} name="redemption.instructions" label="Instructions (HTML)" rows={8} description="Scripts, event handlers and javascript: links are removed." />
              <InstructionsPreview instructions={instructions ?? ""} redeemUrl={redeemUrl ?? ""} />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Eligibility</CardTitle>
            <CardDescription>Nothing ticked in a group: no requirement. Otherwise a member needs one of the ticked values.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            {VOCAB_DIMENSIONS.map((d) => (
              <CheckboxGroupField key={d} control={c} name={`eligibility.${d}`} label={DIMENSION_LABELS[d]} options={options(ELIGIBILITY_VOCABULARIES[d])} />
            ))}
            <TextField control={c} name="eligibility.geography" label="Countries (ISO codes)" placeholder="US, DE" />
            <TextField control={c} name="eligibility_requirements" label="Requirements in words" />
            <SwitchField control={c} name="approval_required" label="Approval required" description="You approve each redemption yourself." />
            <TextField control={c} name="approval_time" label="Approval time" placeholder="2 business days" />
          </CardContent>
        </Card>

        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : submitLabel}
          </Button>
        </div>
      </form>
    </Form>
  );
}
