"use client";
// Settings → "Member sign-in" (contract section 15): email links, the partner's OpenID Connect
// provider (redirect URI to register, client, allowed domains, claims mapping; the client secret is
// write-only) and the signed hand-off with its secret. One form over memberSignInInputSchema.
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { SwitchField, TextAreaField } from "@/components/portal/form-fields";
import { OidcClientFields, RedirectUriPanel } from "@/components/portal/oidc-client-fields";
import { schemaResolver } from "@/components/portal/schema-resolver";
import { setServerErrors } from "@/components/portal/server-errors";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { memberSignInInputSchema, type MemberSignInView } from "@/server/schemas/member-sign-in.schema";
import { api } from "@/trpc/react";
import { HandoffSecretPanel } from "./handoff-secret-panel";
import { TestSignInButton } from "./test-sign-in-button";
import { CLAIM_DIMENSION_LIST, fieldOf, toInput, valuesOf, type MemberSignInValues } from "./member-sign-in-values";

export function MemberSignInCard({ initial, readOnly }: { initial: MemberSignInView; readOnly: boolean }) {
  const utils = api.useUtils();
  const query = api.memberSignIn.get.useQuery(undefined, { initialData: initial });
  const view = query.data ?? initial;
  const save = api.memberSignIn.update.useMutation();
  const form = useForm<MemberSignInValues>({ defaultValues: valuesOf(view), resolver: schemaResolver(memberSignInInputSchema, toInput, fieldOf) });
  const oidcOn = useWatch({ control: form.control, name: "oidc_enabled" });
  const secretSet = view.settings.oidc?.client_secret_set ?? false;

  return (
    <Card className="mt-6" data-testid="member-sign-in-card">
      <CardHeader>
        <CardTitle>Member sign-in</CardTitle>
        <CardDescription>
          How members get into your deal app and widget: an emailed link, your own identity provider (OpenID Connect), or a signed hand-off from your app. Members who sign in
          through your identity provider are Live members.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            className="flex flex-col gap-6"
            onSubmit={form.handleSubmit(async (v) => {
              try {
                const saved = await save.mutateAsync(memberSignInInputSchema.parse(toInput(v)));
                utils.memberSignIn.get.setData(undefined, saved);
                form.reset(valuesOf(saved));
                toast.success("Saved member sign-in");
              } catch (error) {
                const rest = setServerErrors(form, error, fieldOf);
                if (rest.length || !(error as { data?: unknown }).data) toast.error((error as Error).message);
              }
            })}
          >
            <fieldset disabled={readOnly} className="grid gap-4">
              <SwitchField control={form.control} name="email_link" label="Email links" description="Members can ask for a sign-in link by email on the sign-in page." />
              <SwitchField control={form.control} name="oidc_enabled" label="Your identity provider (OpenID Connect)" description="A “Continue with …” button on the sign-in page." />
            </fieldset>

            {oidcOn ? (
              <fieldset disabled={readOnly} className="grid gap-4 rounded-md border p-4" data-testid="oidc-settings">
                <RedirectUriPanel uri={view.redirect_uri} id="redirect-uri-label" testId="redirect-uri" />
                <OidcClientFields control={form.control} secretSet={secretSet} issuerPlaceholder="https://accounts.google.com" buttonPlaceholder="Acme University" buttonDescription="The sign-in page shows “Continue with …”." />
                <TextAreaField control={form.control} name="domains" label="Allowed email domains for new members" placeholder={"uni.example\nalumni.uni.example"} description="One per line. Empty: any verified address may join." />
                <TextAreaField
                  control={form.control}
                  name="claims"
                  label="Claims mapping"
                  rows={4}
                  placeholder={"groups = user_types\nstage = company_stage"}
                  description={`One “claim = dimension” per line, applied at every sign-in; values outside the vocabulary are ignored. Dimensions: ${CLAIM_DIMENSION_LIST}.`}
                />
                {view.settings.oidc && !form.formState.isDirty && !readOnly ? <TestSignInButton /> : null}
              </fieldset>
            ) : null}

            <fieldset disabled={readOnly} className="grid gap-4">
              <SwitchField control={form.control} name="handoff" label="Signed hand-off from your app" description="Your backend signs a short token; /auth/handoff?token=… signs the member in (docs: Hand-off from your app)." />
            </fieldset>
            <HandoffSecretPanel exists={view.handoff_secret.exists} rotatedAt={view.handoff_secret.rotated_at} readOnly={readOnly} />

            {readOnly ? null : (
              <div>
                <Button type="submit" disabled={form.formState.isSubmitting}>
                  {form.formState.isSubmitting ? "Saving…" : "Save member sign-in"}
                </Button>
              </div>
            )}
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
