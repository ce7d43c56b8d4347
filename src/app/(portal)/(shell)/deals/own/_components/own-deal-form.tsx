"use client";
// Create or edit an own deal: the deal form (components/deals/deal-form.tsx) with every writable
// field of /v1/partner-deals, validated with the same zod schema (partnerDealCreateSchema /
// partnerDealUpdateSchema), and the instructions' Markdown editor with its live preview. Server refusals (slug
// taken, deal_incomplete…) land next to their fields.
import { useForm, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DealForm } from "@/components/deals/deal-form";
import type { DealValues } from "@/components/deals/deal-values";
import { schemaResolver } from "@/components/portal/schema-resolver";
import { setServerErrors, type FieldProblem } from "@/components/portal/server-errors";
import { partnerDealCreateSchema, partnerDealUpdateSchema } from "@/server/schemas/deal.schema";
import { api } from "@/trpc/react";
import { InstructionsEditor } from "./instructions-editor";
import { DealTranslationsCard, languageName } from "@/components/deals/deal-translations-card";
import { isSupportedLocale, type SupportedLocale } from "@/lib/locales";
import { fieldOfPath, inputOfValues, OWN_DEAL_FIELDS } from "./own-deal-values";

const KNOWN = new Set<string>(OWN_DEAL_FIELDS);

/** Server field errors (AppError param / errors) onto their fields; returns the ones with no field (e.g. codes). */
export function applyServerErrors(form: UseFormReturn<DealValues>, error: unknown): FieldProblem[] {
  return setServerErrors(form, error, (param) => {
    const field = fieldOfPath(param);
    return field !== null && (KNOWN.has(field) || field.startsWith("redemption.") || field.startsWith("eligibility.") || field.startsWith("translations.")) ? field : null;
  });
}

export function useOwnDealForm(mode: "create" | "edit", defaultValues: DealValues) {
  const schema = mode === "create" ? partnerDealCreateSchema : partnerDealUpdateSchema;
  return useForm<DealValues>({ defaultValues, resolver: schemaResolver<DealValues>(schema, inputOfValues, fieldOfPath) });
}

export function OwnDealForm({ form, onSubmit, submitLabel, pending }: { form: UseFormReturn<DealValues>; onSubmit: (values: DealValues) => void; submitLabel: string; pending: boolean }) {
  const categories = api.ownDeals.categories.useQuery();
  const settings = api.settings.get.useQuery();
  const partner = settings.data?.partner;
  // A tab per offered language but the default: the deal's own text is what members get in it.
  const languages = (partner?.locales ?? []).filter((l): l is SupportedLocale => isSupportedLocale(l) && l !== partner?.default_locale);
  return (
    <DealForm
      variant="own"
      form={form}
      onSubmit={onSubmit}
      categories={categories.data}
      categoriesNote={categories.error ? "Categories could not be loaded." : "Loading categories…"}
      instructionsEditor={<InstructionsEditor control={form.control} rows={10} />}
      translations={
        partner ? (
          <DealTranslationsCard
            form={form}
            languages={languages}
            instructionsFormat="Markdown"
            description={`Your members also read ${languages.map(languageName).join(", ")}. The deal's own text above is what they get in ${languageName(partner.default_locale)}, and in any field left empty here. Offered languages are set in Settings.`}
          />
        ) : null
      }
      footer={
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : submitLabel}
          </Button>
        </div>
      }
    />
  );
}
