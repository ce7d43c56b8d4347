// /api-keys — both environments' key pairs: public keys with created / last-used dates, rotation
// (optionally keeping the old private key working up to 24 h), the new private key shown once, and a
// copyable curl for POST /v1/authentications. Through tRPC apiKeys.*.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { hostedAppConfig } from "@perkway/server/config/hosted-app-config";
import { ApiKeysClient } from "./_components/api-keys-client";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const session = await requireAdminSession();
  // The API lives on the main host under /v1 (from config, never from the request's Host header).
  const { scheme, appDomain } = hostedAppConfig();
  return <ApiKeysClient apiBaseUrl={`${scheme}://${appDomain}`} environment={session.environment} readOnly={session.readOnly} />;
}
