"use client";
// Create or edit one servicepass deal: the deal form (components/deals/deal-form.tsx) with the
// catalogue's sections, checked in the browser with the services' own schema (catalogEntrySchema,
// through entryFromValues) and again by the service.
import { useRouter } from "next/navigation";
import { useForm, type FieldErrors } from "react-hook-form";
import { toast } from "sonner";
import { catalogEntrySchema } from "@/server/schemas/deal.schema";
import { api } from "@/trpc/react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DealForm } from "@/components/deals/deal-form";
import { VOCAB_DIMENSIONS, type DealValues } from "@/components/deals/deal-values";
import { schemaResolver } from "@/components/portal/schema-resolver";
import { onlyFields, setServerErrors, withoutParamPrefix } from "@/components/portal/server-errors";
import { entryFromValues, fieldOfParam } from "./deal-form-values";
import { DealTranslationsCard } from "@/components/deals/deal-translations-card";
import { TRANSLATION_FIELDS } from "@/components/deals/deal-translation-values";
import { SUPPORTED_LOCALES } from "@/lib/locales";

type Props = {
  categories: { slug: string; name: string }[];
  defaultValues: DealValues;
  /** edit: the deal id; create: undefined */
  dealId?: string;
  codes?: { total: number; claimed: number; available: number };
  /** The tracking switch's unsaved value (edit only; null: unchanged), saved with the deal. */
  trackingDraft?: boolean | null;
  /** After a save that carried the switch: the secret it made (a deal that never had one), else null. */
  onTrackingSaved?: (secret: string | null) => void;
};

const REDEMPTION_FIELDS = ["method", "instructions", "promo_code", "redeem_url", "contact_email"];

export function CatalogueDealForm({ categories, defaultValues, dealId, codes, trackingDraft = null, onTrackingSaved }: Props) {
  const router = useRouter();
  const utils = api.useUtils();
  const names = new Map(categories.map((c) => [c.slug, c.name]));
  const form = useForm<DealValues>({ defaultValues, resolver: schemaResolver<DealValues>(catalogEntrySchema, (v) => entryFromValues(v, names), fieldOfParam) });

  const onSaved = async (slug: string, id: string, tracking?: { sent: boolean; secret: string | null }) => {
    // The deal's name, not its slug (issue 44: "Saved buffer").
    const name = form.getValues("product_name").trim() || slug;
    toast.success(dealId ? `Saved ${name}` : `Created ${name}`);
    await utils.superAdmin.listCatalogDeals.invalidate();
    if (dealId) {
      await utils.superAdmin.getCatalogDeal.invalidate({ id: dealId });
      form.resetField("new_codes", { defaultValue: "" });
      if (tracking?.sent) onTrackingSaved?.(tracking.secret);
    } else router.push(`/catalogue/${id}`);
  };
  const onError = (e: unknown) => {
    const rules = form.getValues("rules").flatMap((_, i) => [`rules.${i}.rule_type`, `rules.${i}.rule_value`, `rules.${i}.priority`]);
    const translated = SUPPORTED_LOCALES.flatMap((l) => TRANSLATION_FIELDS.map((f) => `translations.${l}.${f}`));
    const fieldNames = [...Object.keys(defaultValues), ...translated, ...REDEMPTION_FIELDS.map((f) => `redemption.${f}`), ...VOCAB_DIMENSIONS.map((d) => `eligibility.${d}`), "eligibility.geography", ...rules];
    setServerErrors(form, e, onlyFields(fieldNames, (p) => fieldOfParam(p)), { focus: false, messageOf: withoutParamPrefix });
  };
  const create = api.superAdmin.createCatalogDeal.useMutation({ onSuccess: (d) => onSaved(d.slug, d.id), onError });
  const update = api.superAdmin.updateCatalogDeal.useMutation({
    onSuccess: (d, input) => onSaved(d.slug, d.id, { sent: input.tracking_enabled !== undefined, secret: d.provider_secret }),
    onError,
  });
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;

  function submit(values: DealValues) {
    const entry = entryFromValues(values, names);
    if (dealId) update.mutate({ id: dealId, entry, ...(trackingDraft === null ? {} : { tracking_enabled: trackingDraft }) });
    else create.mutate({ entry });
  }

  return (
    <DealForm
      variant="catalogue"
      form={form}
      onSubmit={submit}
      categories={categories}
      codes={codes}
      translations={
        <DealTranslationsCard
          form={form}
          languages={SUPPORTED_LOCALES.filter((l) => l !== "en")}
          instructionsFormat="HTML"
          description="The servicepass text is English; each partner's members get these languages where the partner offers them, and the English text in any field left empty."
        />
      }
      footer={
        <>
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
        </>
      }
    />
  );
}

function firstMessage(errors: FieldErrors<DealValues>): string {
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

