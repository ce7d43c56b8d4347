// The Single sign-on form's values ↔ adminSsoInputSchema: domains as lines, an empty client secret
// keeping the stored one, "off" as config null.
import type { AdminSsoView } from "@/server/schemas/admin-sso.schema";
import { lines } from "@/components/portal/oidc-client-fields";

export type AdminSsoValues = {
  enabled: boolean;
  issuer: string;
  client_id: string;
  client_secret: string;
  display_name: string;
  domains: string;
  require_sso: boolean;
  jit_enabled: boolean;
  jit_role: "admin" | "developer" | "analyst";
};

export function valuesOf(view: AdminSsoView): AdminSsoValues {
  const c = view.config;
  return {
    enabled: c !== null,
    issuer: c?.issuer ?? "",
    client_id: c?.client_id ?? "",
    client_secret: "",
    display_name: c?.display_name ?? "",
    domains: c?.email_domains.join("\n") ?? "",
    require_sso: c?.require_sso ?? false,
    jit_enabled: c?.jit_enabled ?? false,
    jit_role: c?.jit_role ?? "analyst",
  };
}


export function toInput(v: AdminSsoValues) {
  return {
    config: v.enabled
      ? {
          issuer: v.issuer,
          client_id: v.client_id,
          ...(v.client_secret ? { client_secret: v.client_secret } : {}),
          display_name: v.display_name,
          email_domains: lines(v.domains),
          require_sso: v.require_sso,
          jit_enabled: v.jit_enabled,
          jit_role: v.jit_role,
        }
      : null,
  };
}

/** A schema issue's path ("config.issuer", "config.email_domains.1") → the form field that shows it. */
export function fieldOf(path: string): keyof AdminSsoValues | null {
  const p = path.replace(/^config\./, "");
  if (p.startsWith("email_domains")) return "domains";
  const direct: Record<string, keyof AdminSsoValues> = { issuer: "issuer", client_id: "client_id", client_secret: "client_secret", display_name: "display_name", jit_role: "jit_role" };
  return direct[p] ?? null;
}
