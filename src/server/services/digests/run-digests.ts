// `digests:run [--at]` and the workers' minute timer: the digests and ending-soon emails due at `at`.
// Safe to run as often and in as many processes as you like: each email has its unique row.
import type { SignInUrlConfig } from "@/server/config/hosted-app-config";
import { sendDueEndingSoon } from "./send-ending-soon";
import { sendDueMemberDigests } from "./send-member-digests";

/** `partnerIds`: only these partners (the operator's --partner, tests); default every partner. */
export async function runDigests(config: SignInUrlConfig, at = new Date(), partnerIds?: readonly string[]): Promise<{ digests: number; ending_soon: number }> {
  const digests = await sendDueMemberDigests(at, config, partnerIds);
  const ending_soon = await sendDueEndingSoon(at, config, partnerIds);
  return { digests, ending_soon };
}
