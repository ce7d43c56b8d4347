// The Member sign-in form's values ↔ member_sign_in (memberSignInInputSchema): lists as lines, the
// claims mapping as "claim = dimension" lines, an empty client secret keeping the stored one.
import { CLAIM_DIMENSIONS, type MemberSignInView } from "@/server/schemas/member-sign-in.schema";
import { lines } from "@/components/portal/oidc-client-fields";

export type MemberSignInValues = {
  email_link: boolean;
  handoff: boolean;
  oidc_enabled: boolean;
  issuer: string;
  client_id: string;
  client_secret: string;
  display_name: string;
  domains: string;
  claims: string;
};

export const CLAIM_DIMENSION_LIST = CLAIM_DIMENSIONS.join(", ");

export function valuesOf(view: MemberSignInView): MemberSignInValues {
  const oidc = view.settings.oidc;
  return {
    email_link: view.settings.email_link,
    handoff: view.settings.handoff,
    oidc_enabled: oidc !== null,
    issuer: oidc?.issuer ?? "",
    client_id: oidc?.client_id ?? "",
    client_secret: "",
    display_name: oidc?.display_name ?? "",
    domains: oidc?.allowed_email_domains.join("\n") ?? "",
    claims: Object.entries(oidc?.claims ?? {})
      .map(([claim, dimension]) => `${claim} = ${dimension}`)
      .join("\n"),
  };
}


export function toInput(v: MemberSignInValues) {
  return {
    email_link: v.email_link,
    handoff: v.handoff,
    oidc: v.oidc_enabled
      ? {
          issuer: v.issuer,
          client_id: v.client_id,
          ...(v.client_secret ? { client_secret: v.client_secret } : {}),
          display_name: v.display_name,
          allowed_email_domains: lines(v.domains),
          claims: Object.fromEntries(
            v.claims
              .split("\n")
              .map((l) => l.split("=").map((p) => p.trim()))
              .filter((p) => p[0])
              .map(([claim, dimension]) => [claim, dimension ?? ""]),
          ),
        }
      : null,
  };
}

/** A schema issue's path ("oidc.issuer", "oidc.claims.groups") → the form field that shows it. */
export function fieldOf(path: string): keyof MemberSignInValues | null {
  const p = path.replace(/^member_sign_in\./, "");
  if (p.startsWith("oidc.claims")) return "claims";
  if (p.startsWith("oidc.allowed_email_domains")) return "domains";
  const direct: Record<string, keyof MemberSignInValues> = {
    email_link: "email_link",
    handoff: "handoff",
    "oidc.issuer": "issuer",
    "oidc.client_id": "client_id",
    "oidc.client_secret": "client_secret",
    "oidc.display_name": "display_name",
  };
  return direct[p] ?? null;
}
