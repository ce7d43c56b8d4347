"use client";
// The fields every OpenID Connect client setting shares (Settings → Member sign-in, and → Single
// sign-on for admins): the redirect URI to register at the IdP, issuer, button name, client ID and the
// write-only client secret. The form owns the rest (domains, claims, roles).
import type { Control, FieldValues, Path } from "react-hook-form";
import { CopyButton } from "./copy-button";
import { TextField } from "./form-fields";

/** A textarea's list (email domains): one per line or comma-separated, blanks dropped. */
export const lines = (s: string) =>
  s
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean);

type OidcClientValues = { issuer: string; display_name: string; client_id: string; client_secret: string };

export function RedirectUriPanel({ uri, id, testId }: { uri: string; id: string; testId: string }) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium" id={id}>
          Redirect URI to register at your identity provider
        </p>
        <CopyButton value={uri} label="Copy redirect URI" />
      </div>
      <pre className="overflow-x-auto rounded-md border bg-muted p-2 text-xs" aria-labelledby={id} data-testid={testId}>
        {uri}
      </pre>
    </div>
  );
}

export function OidcClientFields<T extends FieldValues & OidcClientValues>(props: {
  control: Control<T>;
  secretSet: boolean;
  issuerPlaceholder: string;
  buttonPlaceholder: string;
  buttonDescription: string;
}) {
  const name = (n: keyof OidcClientValues) => n as Path<T>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField control={props.control} name={name("issuer")} label="Issuer" placeholder={props.issuerPlaceholder} description="Its /.well-known/openid-configuration is read." />
      <TextField control={props.control} name={name("display_name")} label="Button name" placeholder={props.buttonPlaceholder} description={props.buttonDescription} />
      <TextField control={props.control} name={name("client_id")} label="Client ID" />
      <TextField
        control={props.control}
        name={name("client_secret")}
        label="Client secret"
        type="password"
        placeholder={props.secretSet ? "Stored: leave empty to keep it" : ""}
        description="Stored encrypted and never shown again."
        inputProps={{ autoComplete: "off" }}
      />
    </div>
  );
}
