// /webhooks — the partner's webhook endpoints in the current environment (Live / Sandbox switch):
// add (signing secret shown once), edit, enable/disable, rotate the secret, delete; per endpoint a
// delivery log with resend, and "Send test event". Everything through tRPC webhooks.*.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { webhookConfig } from "@perkway/server/config/webhook-config";
import { WebhooksClient } from "./_components/webhooks-client";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const session = await requireAdminSession();
  // The URL hint states the rule this server applies: local addresses only where they are allowed.
  return <WebhooksClient environment={session.environment} readOnly={session.readOnly} localAllowed={webhookConfig().allowPrivate} />;
}
