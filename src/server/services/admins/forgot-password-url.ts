// Where an admin asks for a reset link (linked from the password-changed notice).
import { hostedAppConfig } from "@/server/config/hosted-app-config";

export function forgotPasswordUrl(): string {
  const { scheme, appDomain } = hostedAppConfig();
  return `${scheme}://${appDomain}/forgot-password`;
}
