"use client";
// The deal form, one for the super admin's catalogue deals and a partner's own deals: the fields
// both have (product, redemption, eligibility), plus the catalogue's own sections (status and
// channels, codes to add, visibility rules) when `variant` is "catalogue". Each surface keeps its
// wording (DEAL_FORM_COPY), its conversion and its mutations; the form only lays the fields out.
import { useEffect, type ReactNode } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { CheckboxGroupField, SelectField, SwitchField, TextAreaField, TextField } from "@/components/portal/form-fields";
import { DEAL_TAGS, ELIGIBILITY_VOCABULARIES, REDEMPTION_METHODS } from "@/server/domain/enums";
import { REDEMPTION_METHOD_LABELS } from "@/server/domain/labels";
import { CatalogueCodesField, CatalogueRulesCard, CatalogueStatusCard } from "./catalogue-deal-sections";
import { DEAL_FORM_COPY, DIMENSION_LABELS, type DealFormVariant } from "./deal-form-copy";
import { VOCAB_DIMENSIONS, type DealValues } from "./deal-values";

type Props = {
  variant: DealFormVariant;
  form: UseFormReturn<DealValues>;
  onSubmit: (values: DealValues) => void;
  /** the categories to tick; undefined while they load (categoriesNote says so) */
  categories: { slug: string; name: string }[] | undefined;
  categoriesNote?: string;
  /** catalogue: the deal's code pool counts (none for a new deal) */
  codes?: { total: number; claimed: number; available: number };
  /** own deals: the instructions' editor (Markdown with its live preview) instead of an HTML box */
  instructionsEditor?: ReactNode;
  /** the "Languages" card (DealTranslationsCard), under the product's own text */
  translations?: ReactNode;
  /** alerts and buttons under the sections */
  footer: ReactNode;
};

export function DealForm({ variant, form, onSubmit, categories, categoriesNote, codes, instructionsEditor, translations, footer }: Props) {
  const copy = DEAL_FORM_COPY[variant];
  const c = form.control;
  const method = useWatch({ control: c, name: "redemption.method" });
  // Own deals: a redemption refusal (e.g. redeem URL required) is about the method it was made for.
  useEffect(() => {
    if (variant === "own") form.clearErrors("redemption");
  }, [variant, method, form]);

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className={copy.formClass} aria-label={copy.formLabel} noValidate>
        <Card>
          <CardHeader>
            <CardTitle>{copy.productTitle}</CardTitle>
            {copy.productDescription ? <CardDescription>{copy.productDescription}</CardDescription> : null}
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <TextField control={c} name="product_name" label="Product name" />
            <TextField control={c} name="slug" label="Slug" description={copy.slugHelp} />
            <div className="md:col-span-2">
              <TextAreaField control={c} name="short_description" label="Short description" rows={2} />
            </div>
            <div className="md:col-span-2">
              <TextAreaField control={c} name="long_description" label="Long description" rows={copy.longRows} />
            </div>
            <TextField control={c} name="perk_description" label={copy.perkLabel} placeholder={copy.perkPlaceholder} />
            <TextField control={c} name="market_value" label="Market value" placeholder={copy.marketPlaceholder} />
            <TextField control={c} name="est_value" label="Estimated value (number)" type="number" />
            <SelectField control={c} name="tier" label="Tier" options={[{ value: "free", label: "Free" }, { value: "premium", label: "Premium" }]} description={copy.tierHelp} />
            <TextField control={c} name="logo_url" label="Logo URL" placeholder={copy.urlPlaceholder} />
            <TextField control={c} name="product_url" label="Product URL" placeholder={copy.urlPlaceholder} />
            {variant === "own" ? (
              <>
                <TextField control={c} name="start_date" label="Start date" type="date" />
                <TextField control={c} name="end_date" label="End date" type="date" description="After it, the deal leaves the list." />
              </>
            ) : null}
            <TextField control={c} name="badges" label="Badges" description={copy.listHelp} />
            <TextField control={c} name="offer_types" label="Offer types" description={copy.listHelp} />
            <div className="md:col-span-2">
              <CheckboxGroupField control={c} name="tags" label="Tags" options={DEAL_TAGS.map((t) => ({ value: t, label: copy.tagLabel(t) }))} />
            </div>
            <div className="md:col-span-2">
              {categories ? (
                <CheckboxGroupField
                  control={c}
                  name="categories"
                  label="Categories"
                  description={categories.length ? undefined : copy.noCategories}
                  options={categories.map((x) => ({ value: x.slug, label: x.name }))}
                />
              ) : (
                <p className="text-sm text-muted-foreground">{categoriesNote}</p>
              )}
            </div>
          </CardContent>
        </Card>

        {variant === "catalogue" ? <CatalogueStatusCard form={form} /> : null}

        <Card>
          <CardHeader>
            <CardTitle>Redemption</CardTitle>
            <CardDescription>{copy.redemptionDescription(method)}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <SelectField control={c} name="redemption.method" label={copy.methodLabel} options={REDEMPTION_METHODS.map((m) => ({ value: m, label: REDEMPTION_METHOD_LABELS[m] }))} />
            <TextField control={c} name="redemption.contact_email" label="Contact email" type="email" />
            <TextField control={c} name="redemption.redeem_url" label="Redeem URL" placeholder={copy.redeemUrlPlaceholder} />
            <TextField control={c} name="redemption.promo_code" label="Promo code" />
            {instructionsEditor ?? (
              <div className="md:col-span-2">
                <TextAreaField control={c} name="redemption.instructions" label="Instructions (HTML)" rows={copy.instructionsRows} description={copy.instructionsHelp} />
              </div>
            )}
            {variant === "catalogue" ? <CatalogueCodesField form={form} codes={codes} /> : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Eligibility</CardTitle>
            <CardDescription>{copy.eligibilityDescription}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            {VOCAB_DIMENSIONS.map((d) => (
              <CheckboxGroupField key={d} control={c} name={`eligibility.${d}`} label={DIMENSION_LABELS[d]} options={ELIGIBILITY_VOCABULARIES[d].map((v) => ({ value: v, label: v }))} />
            ))}
            <TextField control={c} name="eligibility.geography" label={copy.geographyLabel} placeholder={copy.geographyPlaceholder} description={copy.geographyHelp} />
            <TextField control={c} name="eligibility_requirements" label={copy.requirementsLabel} />
            <SwitchField control={c} name="approval_required" label="Approval required" description={copy.approvalHelp} />
            <TextField control={c} name="approval_time" label="Approval time" placeholder={copy.approvalTimePlaceholder} />
          </CardContent>
        </Card>

        {translations}

        {variant === "catalogue" ? <CatalogueRulesCard form={form} /> : null}

        {footer}
      </form>
    </Form>
  );
}
