"use client";
// Settings → Single sign-on (owners; contract section 17): the partner's OpenID Connect provider for
// its portal admins — the redirect URI to register (on the portal's host), the client (its secret is
// write-only), the email domains /login offers it for, "require SSO" (owners keep their password as
// the recovery path) and just-in-time joining with the role new admins get. Changes are in Activity.
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { OidcClientFields, RedirectUriPanel } from "@/components/portal/oidc-client-fields";
import { ErrorState } from "@/components/portal/error-state";
import { SelectField, SwitchField, TextAreaField } from "@/components/portal/form-fields";
import { schemaResolver } from "@/components/portal/schema-resolver";
import { setServerErrors } from "@/components/portal/server-errors";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { Skeleton } from "@/components/ui/skeleton";
import { TEAM_ROLE_LABELS } from "@/server/domain/team-roles";
import { adminSsoInputSchema, JIT_ROLES, type AdminSsoView } from "@/server/schemas/admin-sso.schema";
import { api } from "@/trpc/react";
import { fieldOf, toInput, valuesOf, type AdminSsoValues } from "./admin-sso-values";

const ROLE_OPTIONS = JIT_ROLES.map((r) => ({ value: r, label: TEAM_ROLE_LABELS[r] }));

export function AdminSsoCard({ readOnly }: { readOnly: boolean }) {
  const query = api.adminSso.get.useQuery();
  return (
    <Card className="mt-6" data-testid="admin-sso-card">
      <CardHeader>
        <CardTitle>Single sign-on for admins</CardTitle>
        <CardDescription>
          Your team signs in to this portal through your identity provider (OpenID Connect): on the sign-in page, an email of your domains gets a “Sign in with …” button. Only owners see
          and change this.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.error ? <ErrorState error={query.error} retry={() => query.refetch()} title="The single sign-on settings could not be loaded" /> : null}
        {query.isLoading ? <Skeleton className="h-24 w-full" /> : null}
        {query.data ? <AdminSsoForm view={query.data} readOnly={readOnly} /> : null}
      </CardContent>
    </Card>
  );
}

function AdminSsoForm({ view, readOnly }: { view: AdminSsoView; readOnly: boolean }) {
  const utils = api.useUtils();
  const save = api.adminSso.update.useMutation();
  const form = useForm<AdminSsoValues>({ defaultValues: valuesOf(view), resolver: schemaResolver(adminSsoInputSchema, toInput, fieldOf) });
  const enabled = useWatch({ control: form.control, name: "enabled" });
  const jit = useWatch({ control: form.control, name: "jit_enabled" });
  const secretSet = view.config?.client_secret_set ?? false;
  return (
    <Form {...form}>
      <form
        className="flex flex-col gap-6"
        onSubmit={form.handleSubmit(async (v) => {
          try {
            const saved = await save.mutateAsync(adminSsoInputSchema.parse(toInput(v)));
            utils.adminSso.get.setData(undefined, saved);
            form.reset(valuesOf(saved));
            toast.success(saved.config ? "Saved single sign-on" : "Single sign-on is off");
          } catch (error) {
            const rest = setServerErrors(form, error, fieldOf);
            if (rest.length || !(error as { data?: unknown }).data) toast.error((error as Error).message);
          }
        })}
      >
        <fieldset disabled={readOnly} className="grid gap-4">
          <SwitchField control={form.control} name="enabled" label="Single sign-on" description="Admins of your email domains can sign in through your identity provider." />
        </fieldset>
        {enabled ? (
          <fieldset disabled={readOnly} className="grid gap-4 rounded-md border p-4" data-testid="admin-sso-settings">
            <RedirectUriPanel uri={view.redirect_uri} id="admin-sso-redirect-label" testId="admin-sso-redirect-uri" />
            <OidcClientFields control={form.control} secretSet={secretSet} issuerPlaceholder="https://acme.okta.com" buttonPlaceholder="Acme Okta" buttonDescription="The sign-in page shows “Sign in with …”." />
            <TextAreaField
              control={form.control}
              name="domains"
              label="Email domains"
              placeholder={"acme.example\nus.acme.example"}
              description="One per line. The sign-in page offers your identity provider for these addresses, and it signs in only addresses of these domains."
            />
            <SwitchField
              control={form.control}
              name="require_sso"
              label="Require single sign-on"
              description="Admins cannot sign in with a password any more, except owners: your way back in if the identity provider fails."
            />
            <SwitchField
              control={form.control}
              name="jit_enabled"
              label="Add new admins automatically"
              description="The first sign-in of someone of your domains who has no account here creates it. Off: they are refused until an owner invites them."
            />
            {jit ? <SelectField control={form.control} name="jit_role" label="Role of new admins" options={ROLE_OPTIONS} description="Change it for a person on the Team page." /> : null}
          </fieldset>
        ) : null}
        {readOnly ? null : (
          <div>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? "Saving…" : "Save single sign-on"}
            </Button>
          </div>
        )}
      </form>
    </Form>
  );
}
