// Operator settings of OpenID Connect sign-in (members today, admins later), read by the adapters
// and passed down: services take them as arguments.
import { memoizeConfig, type Env } from "./env";

type OidcConfig = {
  /** OIDC_ALLOW_PRIVATE=1: issuers on private, loopback and link-local addresses, and http issuers, are allowed (tests, development). */
  allowPrivate: boolean;
  /** Seconds to wait for the IdP (discovery, keys, token exchange). */
  timeoutSeconds: number;
};

function readOidcConfig(env: Env): OidcConfig {
  return { allowPrivate: ["1", "true", "yes"].includes((env.OIDC_ALLOW_PRIVATE ?? "").trim().toLowerCase()), timeoutSeconds: 5 };
}

export const oidcConfig = memoizeConfig(["OIDC_ALLOW_PRIVATE"], readOidcConfig);
