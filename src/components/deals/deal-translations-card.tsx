"use client";
// The deal forms' "Languages" card (contract §16): a tab per language with the deal's text in it; each
// empty box says that field falls back to the deal's own text. The portal stays in English; language
// names come from Intl.DisplayNames.
import { useWatch, type UseFormReturn } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { TextAreaField, TextField } from "@/components/portal/form-fields";
import type { SupportedLocale } from "@/lib/locales";
import type { DealValues } from "./deal-values";
import { fallbackFields, TRANSLATION_FIELDS, type TranslationField } from "./deal-translation-values";

const languageNames = new Intl.DisplayNames(["en"], { type: "language" });
export const languageName = (locale: string) => languageNames.of(locale) ?? locale;

const LABELS: Record<TranslationField, string> = {
  product_name: "Product name",
  short_description: "Short description",
  long_description: "Long description",
  perk_description: "Perk",
  instructions: "Redemption instructions",
};

type Props = { form: UseFormReturn<DealValues>; languages: readonly SupportedLocale[]; description: string; instructionsFormat: "Markdown" | "HTML" };

export function DealTranslationsCard({ form, languages, description, instructionsFormat }: Props) {
  const c = form.control;
  const translations = useWatch({ control: c, name: "translations" });
  const own = useWatch({ control: c, name: ["product_name", "short_description", "long_description", "perk_description", "redemption.instructions"] });
  const ownText: Record<TranslationField, string> = { product_name: own[0], short_description: own[1], long_description: own[2], perk_description: own[3], instructions: own[4] };
  if (languages.length === 0) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Languages</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue={languages[0]}>
          <TabsList className="flex-wrap">
            {languages.map((l) => {
              const missing = fallbackFields(translations?.[l]).length;
              return (
                <TabsTrigger key={l} value={l}>
                  {languageName(l)}
                  <span className="ms-1 text-xs text-muted-foreground">{missing === 0 ? "complete" : `${TRANSLATION_FIELDS.length - missing}/${TRANSLATION_FIELDS.length}`}</span>
                </TabsTrigger>
              );
            })}
          </TabsList>
          {languages.map((l) => {
            const falling = new Set(fallbackFields(translations?.[l]));
            return (
              <TabsContent key={l} value={l} className="grid gap-4 pt-4 md:grid-cols-2">
                {TRANSLATION_FIELDS.map((f) => {
                  const hint = falling.has(f) ? (ownText[f]?.trim() ? `Falls back to the deal's own text: “${truncate(ownText[f])}”` : "Falls back to the deal's own text (empty).") : "Translated.";
                  const label = `${LABELS[f]}${f === "instructions" ? ` (${instructionsFormat})` : ""}${falling.has(f) ? " · falls back" : ""}`;
                  const name = `translations.${l}.${f}` as const;
                  const wide = f !== "product_name" && f !== "perk_description";
                  return (
                    <div key={f} className={wide ? "md:col-span-2" : undefined} lang={l} dir={l === "ar" ? "rtl" : "ltr"}>
                      {wide ? <TextAreaField control={c} name={name} label={label} description={hint} rows={f === "short_description" ? 2 : 4} /> : <TextField control={c} name={name} label={label} description={hint} />}
                    </div>
                  );
                })}
              </TabsContent>
            );
          })}
        </Tabs>
      </CardContent>
    </Card>
  );
}

const truncate = (s: string) => (s.length > 80 ? `${s.slice(0, 79)}…` : s);
