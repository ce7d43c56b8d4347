"use client";
// Settings → Freemium, Member access and Emails to members.
import { SelectField, TextAreaField, TextField } from "@/components/portal/form-fields";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Switch } from "@/components/ui/switch";
import { MEMBER_ACCESS_MODES } from "@/server/schemas/partner.schema";
import type { SettingsFormState } from "./use-settings-form";

const MEMBER_ACCESS_TEXT: Record<(typeof MEMBER_ACCESS_MODES)[number], string> = {
  invite_only: "Invite only: only members you create (portal, import or API) can get a sign-in link.",
  email_domain: "Email domain: anyone with an address at one of the domains below gets a sign-in link, and becomes a member when they open it.",
  request: "On request: anyone may ask to join; the request waits in your inbox until an admin approves it.",
};

export function AccessCards({ state: { form, live, saved } }: { state: SettingsFormState }) {
  return (
    <>
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
    </>
  );
}
