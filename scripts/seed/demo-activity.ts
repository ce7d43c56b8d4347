// Members, private deals and events for one demo partner (filled in as those services land).
import type { PartnerDto } from "@/server/services/partners/serialize-partner";
import type { DemoPartnerSpec } from "./demo-partners";

export async function seedPartnerActivity(_partner: PartnerDto, _spec: DemoPartnerSpec, _deals: { slug: string; id: string }[]) {
  // members, partner deals and events are added once their services exist
}
