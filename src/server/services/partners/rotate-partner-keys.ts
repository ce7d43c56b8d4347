// Super admin → Partners → one partner → Rotate keys: a new key pair for one environment, made on the
// partner's behalf by the one key-rotation service (rotate-key-pair.ts). The new private key is
// returned once; the rotation service records it in the partner's activity log.
import type { AdminActor, Environment } from "@/server/scope";
import { requireSuperAdmin } from "@/server/services/admins";
import { rotateKeyPair } from "./rotate-key-pair";

export async function rotatePartnerKeys(actor: AdminActor, partnerId: string, environment: Environment, actorEmail?: string | null) {
  requireSuperAdmin(actor, "rotate a partner's keys");
  return rotateKeyPair(actor, partnerId, environment, { actorEmail });
}
