"use client";
// The settings form: react-hook-form checked with partnerSettingsSchema (the schema settings.update
// and the service parse with), flat form values mapped to that input by toInput. Server refusals
// (a taken subdomain or domain, …) land next to their field through the error's param. Save is
// enabled only with unsaved changes; the bar (StickySaveBar) keeps toasts off itself.
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { Undo2 } from "lucide-react";
import { CopyButton } from "@/components/portal/copy-button";
import { StickySaveBar } from "@/components/portal/sticky-save-bar";
import { CheckboxGroupField, SelectField, TextAreaField, TextField } from "@/components/portal/form-fields";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { AUDIENCE_REGIONS, DELIVERY_METHODS, PARTNER_TYPES } from "@/server/domain/enums";
import { MEMBER_ACCESS_MODES, originSchema, partnerSettingsSchema, type PartnerSettingsInput } from "@/server/schemas/partner.schema";
import { hostedAppUrl } from "@/server/config/hosted-app-url";
import { api, type RouterOutputs } from "@/trpc/react";
import { schemaResolver } from "@/components/portal/schema-resolver";
import { HostedPreview } from "./hosted-preview";

type Settings = RouterOutputs["settings"]["get"];

type Values = {
  name: string;
  type: (typeof PARTNER_TYPES)[number];
  regions: (typeof AUDIENCE_REGIONS)[number][];
  delivery_method: (typeof DELIVERY_METHODS)[number];
  subdomain: string;
  primary_color: string;
  logo_url: string;
  headline: string;
  welcome_text: string;
  freemium_enabled: boolean;
  upgrade_url: string;
  origins: string;
  member_access: (typeof MEMBER_ACCESS_MODES)[number];
  domains: string;
  support_email: string;
  custom_domain: string;
  hide_powered_by: boolean;
};

const MEMBER_ACCESS_TEXT: Record<(typeof MEMBER_ACCESS_MODES)[number], string> = {
  invite_only: "Invite only: only members you create (portal, import or API) can get a sign-in link.",
  email_domain: "Email domain: anyone with an address at one of the domains below gets a sign-in link, and becomes a member when they open it.",
  request: "On request: anyone may ask to join; the request waits in your inbox until an admin approves it.",
};

const DELIVERY_TEXT: Record<(typeof DELIVERY_METHODS)[number], string> = {
  hosted: "Members sign in at your subdomain with the magic links your backend requests.",
  iframe: "The same app inside an iframe on your own site (add its origin under Embedding).",
  api: "Your own product lists the deals through the Perkway API and reports events.",
};

function valuesOf(p: Settings["partner"]): Values {
  return {
    name: p.name,
    type: p.type,
    regions: p.regions,
    delivery_method: p.delivery_method,
    subdomain: p.subdomain,
    primary_color: p.branding.primary_color ?? "",
    logo_url: p.branding.logo_url ?? "",
    headline: p.branding.headline ?? "",
    welcome_text: p.branding.welcome_text ?? "",
    freemium_enabled: p.freemium_enabled,
    upgrade_url: p.upgrade_url ?? "",
    origins: p.allowed_iframe_origins.join("\n"),
    member_access: p.member_access,
    domains: p.allowed_email_domains.join("\n"),
    support_email: p.support_email ?? "",
    custom_domain: p.custom_domain ?? "",
    hide_powered_by: p.hide_powered_by,
  };
}

const originLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** Form values → the settings.update input. Branding keeps keys the page does not edit (accent_color). */
function toInput(v: Values, branding: Record<string, string>): PartnerSettingsInput {
  const opt = (s: string) => (s.trim() === "" ? undefined : s.trim());
  return {
    name: v.name,
    type: v.type,
    regions: v.regions,
    delivery_method: v.delivery_method,
    subdomain: v.subdomain,
    branding: { ...branding, primary_color: opt(v.primary_color), logo_url: opt(v.logo_url), headline: opt(v.headline), welcome_text: opt(v.welcome_text) },
    freemium_enabled: v.freemium_enabled,
    upgrade_url: v.upgrade_url.trim() === "" ? null : v.upgrade_url.trim(),
    allowed_iframe_origins: originLines(v.origins),
    member_access: v.member_access,
    allowed_email_domains: originLines(v.domains),
    support_email: v.support_email.trim() === "" ? null : v.support_email.trim(),
    custom_domain: v.custom_domain.trim() === "" ? null : v.custom_domain.trim(),
    hide_powered_by: v.hide_powered_by,
  };
}

const DOMAIN_NAME = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const SERVER_MESSAGES: Record<string, string> = {
  subdomain_taken: "This subdomain is already taken by another partner. Choose another one.",
  custom_domain_taken: "Another partner already uses this domain. Check the spelling, or contact support if it is yours.",
};

function originsProblem(text: string): string {
  const lines = originLines(text);
  const bad = lines.findIndex((o) => !originSchema.safeParse(o).success);
  if (bad < 0) return lines.length > 50 ? "At most 50 origins." : "Check the origins.";
  return `Line ${bad + 1} (${lines[bad]}) is not an origin like https://example.com: scheme, host and optional port, no path or wildcard.`;
}

/** An input path ("branding.logo_url", "allowed_iframe_origins[1]") → the form field showing it. */
function fieldOf(path: string): keyof Values | null {
  if (path.startsWith("branding.")) {
    const key = path.slice("branding.".length);
    return (["primary_color", "logo_url", "headline", "welcome_text"] as const).find((k) => k === key) ?? null;
  }
  if (path.startsWith("allowed_iframe_origins")) return "origins";
  if (path.startsWith("allowed_email_domains")) return "domains";
  if (path === "member_access") return "member_access";
  if (path === "support_email") return "support_email";
  if (path === "custom_domain") return "custom_domain";
  if (path === "hide_powered_by") return "hide_powered_by";
  const known: (keyof Values)[] = ["name", "type", "regions", "delivery_method", "subdomain", "freemium_enabled", "upgrade_url"];
  return known.find((k) => path === k || path.startsWith(`${k}[`)) ?? null;
}

export function SettingsForm({ initial, readOnly }: { initial: Settings; readOnly: boolean }) {
  const router = useRouter();
  const [saved, setSaved] = useState(initial);
  const extraBranding = useMemo(() => {
    const { primary_color: _p, logo_url: _l, headline: _h, welcome_text: _w, ...rest } = saved.partner.branding;
    return rest;
  }, [saved]);
  const form = useForm<Values>({
    defaultValues: valuesOf(initial.partner),
    resolver: async (values, context, options) => {
      const result = await schemaResolver<Values>(partnerSettingsSchema, (v) => toInput(v, extraBranding), fieldOf)(values, context, options);
      // Name the line: "must be an origin" alone does not say which of several.
      if (result.errors.origins) result.errors.origins = { type: "invalid", message: originsProblem(values.origins) };
      return result;
    },
    mode: "onTouched",
  });
  const update = api.settings.update.useMutation();
  const utils = api.useUtils();
  const live = useWatch({ control: form.control });
  const hosting = saved.hosting;
  const urlConfig = { scheme: hosting.scheme, appDomain: hosting.app_domain, pathFallback: hosting.path_fallback };
  const urlFor = (subdomain: string) => hostedAppUrl(urlConfig, subdomain || "your-subdomain");
  const subdomainPreview = (live.subdomain ?? "").trim().toLowerCase();
  const domainPreview = (live.custom_domain ?? "").trim().toLowerCase();
  // The address members will use: the custom domain once it is a host name, else the subdomain's.
  const memberUrl = DOMAIN_NAME.test(domainPreview) ? hostedAppUrl(urlConfig, subdomainPreview, domainPreview) : urlFor(subdomainPreview);

  async function onSubmit(values: Values) {
    try {
      const out = await update.mutateAsync(toInput(values, extraBranding));
      setSaved(out);
      form.reset(valuesOf(out.partner));
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

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="flex flex-col gap-6" aria-label="Partner settings">
        <fieldset disabled={readOnly || form.formState.isSubmitting} className="flex min-w-0 flex-col gap-6">
          {readOnly ? (
            <p role="status" className="rounded-md border bg-muted px-4 py-3 text-sm">
              You are viewing this partner read-only: the fields are shown as saved and cannot be changed here.
            </p>
          ) : null}

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

          <Card>
            <CardHeader>
              <CardTitle>Hosted app</CardTitle>
              <CardDescription>Where your members sign in, and how it looks. The preview follows what you type.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6 lg:grid-cols-2">
              <div className="grid content-start gap-5">
                <TextField
                  control={form.control}
                  name="subdomain"
                  label="Subdomain"
                  inputProps={{ autoCapitalize: "none", autoCorrect: "off", spellCheck: false }}
                  description={
                    <>
                      1–40 lowercase letters, digits or hyphens. Your hosted app: <span className="font-mono text-foreground [overflow-wrap:anywhere]" data-testid="hosted-url">{memberUrl}</span>. Changing it breaks sign-in links already sent.
                    </>
                  }
                />
                <FormField
                  control={form.control}
                  name="primary_color"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Primary colour</FormLabel>
                      <div className="flex items-center gap-2">
                        <input
                          type="color"
                          aria-label="Pick the primary colour"
                          value={/^#[0-9a-fA-F]{6}$/.test(field.value) ? field.value : "#3b5bdb"}
                          onChange={(e) => field.onChange(e.target.value)}
                          className="h-9 w-12 cursor-pointer rounded-md border bg-card p-1"
                        />
                        <FormControl>
                          <Input {...field} placeholder="#3b5bdb" className="font-mono" />
                        </FormControl>
                      </div>
                      <FormDescription>A hex colour like #3b5bdb for the header bar and buttons; text on it turns black or white for contrast.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <TextField
                  control={form.control}
                  name="logo_url"
                  label="Logo URL"
                  type="url"
                  placeholder="https://example.com/logo.svg"
                  description="An https image shown instead of your name in the header. Leave empty to show the name."
                />
                <TextField control={form.control} name="headline" label="Headline" placeholder="Perks for our founders" inputProps={{ maxLength: 200 }} />
                <TextAreaField control={form.control} name="welcome_text" label="Welcome text" rows={3} maxLength={2000} placeholder="A few words members read before signing in." />
                <TextField
                  control={form.control}
                  name="custom_domain"
                  label="Custom domain"
                  placeholder="perks.example.com"
                  inputProps={{ autoCapitalize: "none", autoCorrect: "off", spellCheck: false }}
                  description={
                    <>
                      Optional: your own address for the hosted app, such as perks.example.com. First add a DNS record <span className="font-mono text-foreground">CNAME → {hosting.app_domain.replace(/:\d+$/, "")}</span>; the platform&apos;s operator provides its certificate. Sign-in links and the embed snippet then use it. Your subdomain keeps working.
                    </>
                  }
                />
                <FormField
                  control={form.control}
                  name="hide_powered_by"
                  render={({ field }) => (
                    <FormItem>
                      <div className="flex items-center gap-3">
                        <FormControl>
                          <Switch checked={field.value} onCheckedChange={field.onChange} />
                        </FormControl>
                        <FormLabel>Hide “Powered by Perkway”</FormLabel>
                      </div>
                      <FormDescription>The hosted app and the widget then show only your brand.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </div>
              <div className="grid content-start gap-2">
                <p className="text-sm font-medium" id="preview-label">
                  Live preview
                </p>
                <HostedPreview
                  name={live.name ?? ""}
                  primaryColor={live.primary_color ?? ""}
                  accentColor={extraBranding.accent_color}
                  logoUrl={live.logo_url ?? ""}
                  headline={live.headline ?? ""}
                  welcomeText={live.welcome_text ?? ""}
                  hidePoweredBy={live.hide_powered_by ?? false}
                  url={memberUrl}
                />
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Freemium</CardTitle>
              <CardDescription>Offer premium deals to premium members only, and invite free members to upgrade.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              <FormField
                control={form.control}
                name="freemium_enabled"
                render={({ field }) => (
                  <FormItem>
                    <div className="flex items-center gap-3">
                      <FormControl>
                        <Switch checked={field.value} onCheckedChange={field.onChange} />
                      </FormControl>
                      <FormLabel>Freemium</FormLabel>
                    </div>
                    <FormDescription>
                      {field.value
                        ? "On: premium deals are listed for every member with their tier, but only premium members can open their instructions; free members get an upgrade call to action, and lists filtered for a free member hide premium deals."
                        : "Off: a deal's tier is ignored, so every member can redeem every deal they are eligible for. Turn it on to keep premium deals for premium members."}
                    </FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <TextField
                control={form.control}
                name="upgrade_url"
                label="Upgrade URL"
                type="url"
                placeholder="https://example.com/upgrade"
                description="Where the upgrade call to action sends free members (https). Leave empty for no link."
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Member access</CardTitle>
              <CardDescription>Who can sign in to your hosted app and widget without you creating them first (live environment only).</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5 lg:grid-cols-2">
              <SelectField
                control={form.control}
                name="member_access"
                label="Member access"
                options={MEMBER_ACCESS_MODES.map((m) => ({ value: m, label: { invite_only: "Invite only", email_domain: "Email domain", request: "On request" }[m] }))}
                description={MEMBER_ACCESS_TEXT[live.member_access ?? "invite_only"]}
              />
              <TextAreaField
                control={form.control}
                name="domains"
                label="Allowed email domains"
                placeholder={"example.com\nexample.org"}
                description="One domain per line (used when member access is Email domain)."
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Emails to members</CardTitle>
              <CardDescription>Sign-in emails come from “{live.name || saved.partner.name}” with your logo and colour. Members who reply write to your support address.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5 lg:grid-cols-2">
              <TextField
                control={form.control}
                name="support_email"
                type="email"
                label="Support email (Reply-To)"
                placeholder="support@example.com"
                description="Optional. Without it, replies go to the platform's no-reply address."
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Embedding</CardTitle>
              <CardDescription>The widget can be framed only by the origins listed here; every other site is refused by the browser.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6 lg:grid-cols-2">
              <FormField
                control={form.control}
                name="origins"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Allowed iframe origins</FormLabel>
                    <FormControl>
                      <Textarea {...field} rows={4} className="font-mono" placeholder={"https://app.example.com\nhttps://www.example.com"} spellCheck={false} />
                    </FormControl>
                    <FormDescription>One origin per line: scheme, host and optional port, no path (https://app.example.com).</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <div className="grid content-start gap-2">
                <div className="flex items-center justify-between gap-2">
                  <p className="text-sm font-medium" id="embed-snippet-label">
                    Embed snippet
                  </p>
                  <CopyButton value={hosting.embed_snippet} label="Copy embed snippet" />
                </div>
                <pre className="max-w-full overflow-x-auto rounded-md border bg-muted p-3 text-xs" aria-labelledby="embed-snippet-label" tabIndex={0} data-testid="embed-snippet">
                  {hosting.embed_snippet}
                </pre>
                <p className="text-xs text-muted-foreground">Paste it where the perks should appear; the script resizes the frame to its content. It uses your saved address (your custom domain when you have one).</p>
              </div>
            </CardContent>
          </Card>
        </fieldset>

        {readOnly ? null : (
          <StickySaveBar status={form.formState.isDirty ? "You have unsaved changes." : "All changes saved."}>
            <Button type="button" variant="ghost" disabled={!form.formState.isDirty || form.formState.isSubmitting} onClick={() => form.reset(valuesOf(saved.partner))} aria-label="Discard changes">
              <Undo2 className="sm:hidden" aria-hidden="true" />
              <span className="hidden sm:inline">Discard changes</span>
            </Button>
            <Button type="submit" disabled={!form.formState.isDirty || form.formState.isSubmitting}>
              {form.formState.isSubmitting ? "Saving…" : "Save settings"}
            </Button>
          </StickySaveBar>
        )}
      </form>
    </Form>
  );
}
