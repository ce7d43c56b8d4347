"use client";
// Settings → Languages (contract §16): the languages members may pick in the hosted app and widget,
// and the one used when nothing else decides. The portal stays in English; names from Intl.DisplayNames.
import { useWatch } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { SUPPORTED_LOCALES } from "@/lib/locales";
import type { SettingsFormState } from "./use-settings-form";

const names = new Intl.DisplayNames(["en"], { type: "language" });
const nameOf = (locale: string) => names.of(locale) ?? locale;

export function LanguagesCard({ state: { form } }: { state: SettingsFormState }) {
  const defaultLocale = useWatch({ control: form.control, name: "default_locale" });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Languages</CardTitle>
        <CardDescription>
          Members see the hosted app, the widget and their emails in their language: their own choice in the language menu, else the widget&apos;s ?lang=, else the
          language you set on the member, else their browser&apos;s preference among the languages offered here, else the default.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <FormField
          control={form.control}
          name="locales"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Offered languages</FormLabel>
              <div className="grid grid-cols-2 gap-2" role="group" aria-label="Offered languages">
                {SUPPORTED_LOCALES.map((l) => {
                  const checked = field.value.includes(l) || l === defaultLocale;
                  return (
                    <label key={l} className="flex items-center gap-2 text-sm">
                      <Checkbox
                        checked={checked}
                        disabled={l === defaultLocale}
                        onCheckedChange={(on) => field.onChange(on ? [...field.value.filter((x) => x !== l), l] : field.value.filter((x) => x !== l))}
                      />
                      {nameOf(l)}
                    </label>
                  );
                })}
              </div>
              <FormDescription>The default language is always offered. Deal translations can be written for any language, offered or not.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="default_locale"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Default language</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {SUPPORTED_LOCALES.map((l) => (
                    <SelectItem key={l} value={l}>
                      {nameOf(l)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormDescription>Used when a member&apos;s browser asks for none of the offered languages.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      </CardContent>
    </Card>
  );
}
