// Realistic demo members: founders with varied stages, regions and eligibility profiles.
import type { Environment } from "@/server/scope";

const FIRST = ["Ava", "Noah", "Mia", "Liam", "Zara", "Omar", "Lena", "Kenji", "Sofia", "Mateo", "Amara", "Elif", "Ravi", "Chloe", "Tomás", "Ingrid", "Yuki", "Kwame", "Nadia", "Felix"];
const LAST = ["Okafor", "Lindqvist", "Tanaka", "Moreau", "Haddad", "Silva", "Novak", "Chen", "Patel", "Schmidt", "Rossi", "Kowalski", "Nguyen", "Mensah", "Garcia"];
const COMPANIES = ["ledgerly", "tidewave", "orbitly", "greenloop", "mintpath", "quillhq", "nimbusai", "fieldnote", "brightcart", "copperbee", "stackhaven", "loomly"];
const STAGES = [["Idea"], ["Pre-seed"], ["Seed"], ["Series A"], ["Seed", "Series A"], []];
const TYPES = [["Idea stage"], ["Early-stage startup"], ["Growth-stage startup"], ["Scale-up"], ["SME"], ["Early-stage startup", "SME"]];
const REGIONS = [["Europe"], ["North America"], ["Asia"], ["Europe", "North America"], ["Oceania"], []];
const FUNDING = [["Bootstrapped"], ["Angel"], ["VC-backed"], ["Grant-funded"], []];
const GEO = [["GB"], ["DE"], ["US"], ["FR", "DE"], ["SG"], ["AU"], []];

export function demoMembers(count: number, partner: string, environment: Environment, random: () => number) {
  const pick = <T,>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  return Array.from({ length: count }, (_, i) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    const company = pick(COMPANIES);
    return {
      email: `${first}.${last}.${i}@${company}.example`.toLowerCase().normalize("NFKD").replace(/[^\x00-\x7f]/g, ""),
      external_user_id: `${partner}-${environment}-${1000 + i}`,
      tier: random() < 0.3 ? "premium" : "free",
      user_types: pick(TYPES),
      regions: pick(REGIONS),
      eligibility: {
        company_stage: pick(STAGES),
        funding: pick(FUNDING),
        geography: pick(GEO),
        business_type: random() < 0.5 ? ["B2B"] : ["B2C", "Marketplace"],
      },
    };
  });
}
