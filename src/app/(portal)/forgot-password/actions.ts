"use server";
// POST of /forgot-password: the same answer whatever the address (known, unknown, throttled), so the
// page tells nobody whether an account exists. Per client IP: 20 requests per 15 minutes; per
// address: requestPasswordReset's own limit.
import { headers } from "next/headers";
import { pageClientIp } from "@perkway/server/auth/sign-in-throttle";
import { defaultRateLimitStore } from "@perkway/server/http/rate-limit-store";
import { requestPasswordReset } from "@perkway/server/services/admins";

export type ForgotPasswordState = { sent: boolean };

const PER_IP = { burst: 20, perMinute: 20 / 15 };

export async function forgotPasswordAction(_prev: ForgotPasswordState, form: FormData): Promise<ForgotPasswordState> {
  const email = String(form.get("email") ?? "");
  const h = await headers();
  const ip = pageClientIp((name) => h.get(name)) ?? "unknown";
  const decision = await defaultRateLimitStore().take(`password-reset:ip:${ip}`, PER_IP, 1);
  if (decision.allowed) await requestPasswordReset(email);
  return { sent: true };
}
