"use client";
// Settings → Hosted app: the address (subdomain, custom domain), the branding, and a live preview
// that follows what is typed.
import { TextAreaField, TextField } from "@/components/portal/form-fields";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { CustomDomainStatus } from "./custom-domain-status";
import { HostedPreview } from "./hosted-preview";
import type { SettingsFormState } from "./use-settings-form";

export function HostedAppCard({ state: { form, live, hosting, memberUrl, extraBranding, saved, onVerified } }: { state: SettingsFormState }) {
  return (
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
                Optional: your own address for the hosted app, such as perks.example.com. Point it at the platform with a DNS record <span className="font-mono text-foreground">CNAME → {hosting.app_domain.replace(/:\d+$/, "")}</span>; the platform&apos;s operator provides its certificate. After you save, the domain is checked: sign-in links and the embed snippet use it once it is verified. Your subdomain keeps working.
              </>
            }
          />
          <CustomDomainStatus partner={saved.partner} onVerified={onVerified} />
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
          <FormField
            control={form.control}
            name="share_name_with_providers"
            render={({ field }) => (
              <FormItem>
                <div className="flex items-center gap-3">
                  <FormControl>
                    <Switch checked={field.value} onCheckedChange={field.onChange} />
                  </FormControl>
                  <FormLabel>Show our name to deal providers</FormLabel>
                </div>
                <FormDescription>Providers of servicepass deals see in their results how many partners sent them conversions; with this on, they also see your name. Never your members.</FormDescription>
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
  );
}
