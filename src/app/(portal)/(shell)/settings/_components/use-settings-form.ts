"use client";
// The settings form's state: react-hook-form checked with partnerSettingsSchema (the schema
// settings.update and the service parse with), the values as typed (for the previews and the
// hosted app's address), and the save, whose refusals (a taken subdomain or domain, …) land next to
// their field through the error's param.
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { schemaResolver } from "@/components/portal/schema-resolver";
import { hostedAppUrl } from "@/server/config/hosted-app-url";
import { partnerSettingsSchema } from "@/server/schemas/partner.schema";
import { api } from "@/trpc/react";
import { DOMAIN_NAME, fieldOf, originsProblem, SERVER_MESSAGES, toInput, valuesOf, type Settings, type Values } from "./settings-values";

export function useSettingsForm(initial: Settings, initialDimensions: readonly string[]) {
  const router = useRouter();
  const [saved, setSaved] = useState(initial);
  const [savedDimensions, setSavedDimensions] = useState<readonly string[]>(initialDimensions);
  const extraBranding = useMemo(() => {
    const { primary_color: _p, logo_url: _l, headline: _h, welcome_text: _w, ...rest } = saved.partner.branding;
    return rest;
  }, [saved]);
  const form = useForm<Values>({
    defaultValues: valuesOf(initial.partner, initialDimensions),
    resolver: async (values, context, options) => {
      const result = await schemaResolver<Values>(partnerSettingsSchema, (v) => toInput(v, extraBranding), fieldOf)(values, context, options);
      // Name the line: "must be an origin" alone does not say which of several.
      if (result.errors.origins) result.errors.origins = { type: "invalid", message: originsProblem(values.origins) };
      return result;
    },
    mode: "onTouched",
  });
  const update = api.settings.update.useMutation();
  const setProfile = api.settings.setMemberProfile.useMutation();
  const utils = api.useUtils();
  const live = useWatch({ control: form.control });
  const hosting = saved.hosting;
  const urlConfig = { scheme: hosting.scheme, appDomain: hosting.app_domain, pathFallback: hosting.path_fallback };
  const urlFor = (subdomain: string) => hostedAppUrl(urlConfig, subdomain || "your-subdomain");
  const subdomainPreview = (live.subdomain ?? "").trim().toLowerCase();
  const domainPreview = (live.custom_domain ?? "").trim().toLowerCase();
  // The address members will use: the custom domain once it is verified (issue 44), else the subdomain's.
  const verified = saved.partner.custom_domain;
  const memberUrl = verified && DOMAIN_NAME.test(domainPreview) && domainPreview === verified ? hostedAppUrl(urlConfig, subdomainPreview, verified) : urlFor(subdomainPreview);

  async function onSubmit(values: Values) {
    try {
      const out = await update.mutateAsync(toInput(values, extraBranding));
      setSaved(out);
      // "Members may answer" is its own record (settings.setMemberProfile), saved by the same button.
      let dimensions = savedDimensions;
      if (form.formState.dirtyFields.profile_dimensions) {
        dimensions = (await setProfile.mutateAsync({ member_editable_dimensions: values.profile_dimensions })).member_editable_dimensions;
        setSavedDimensions(dimensions);
        void utils.settings.memberProfile.invalidate();
      }
      form.reset(valuesOf(out.partner, dimensions));
      void utils.settings.emailPreviews.invalidate(); // name, logo, colour and Reply-To show there
      toast.success("Settings saved. They apply to Live and Sandbox.");
      router.refresh();
    } catch (error) {
      const data = (error as { data?: { param?: string | null; appCode?: string | null } }).data;
      const field = data?.param ? fieldOf(data.param) : null;
      const message = (error as Error).message;
      if (field) {
        form.setError(field, { type: "server", message: SERVER_MESSAGES[data?.appCode ?? ""] ?? message }, { shouldFocus: true });
      } else {
        toast.error(`Settings not saved: ${message}`);
      }
    }
  }

  const discard = () => form.reset(valuesOf(saved.partner, savedDimensions));

  /** After a verification: the saved record follows (the field keeps what is typed). */
  const onVerified = (out: Settings) => setSaved(out);

  return { form, saved, extraBranding, live, hosting, memberUrl, onSubmit, discard, onVerified };
}

export type SettingsFormState = ReturnType<typeof useSettingsForm>;
