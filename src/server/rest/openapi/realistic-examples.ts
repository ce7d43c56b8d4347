// Realistic examples in the OpenAPI document (issue 44, item 18). Reference viewers (Scalar at
// /docs/api) make up an example for a field that has none: a string becomes "string" and an
// integer its minimum, which for zod's safe integers is -9007199254740991. Fields named here get
// a value a partner would actually see, in every schema, parameter and webhook that lacks one;
// test/api/openapi-examples.test.ts generates the examples as Scalar does and refuses made-up ones.
import { ELIGIBILITY_VOCABULARIES } from "@/server/domain/enums";

type Node = Record<string, unknown>;

const DEAL_ID = "6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e";
const USER_ID = "3b9e4f0a-2c1d-4e5f-9a8b-7c6d5e4f3a2b";

/** The ids, keys and member of the examples: test/api/openapi-contract.test.ts swaps in real ones. */
export const EXAMPLE_IDS = {
  deal: DEAL_ID,
  otherDeal: "0d4e8a1b-7c2f-4e3a-9b5d-6f1a2c3b4d5e",
  user: USER_ID,
  partner: "8e2a6c4d-1f3b-4a5c-9d7e-2b4c6d8e0f1a",
  publicKey: "pk_test_4eC39HqLyjWDarjtT1zdp7dc4eC39HqLyjWD",
  privateKey: "sk_test_BQokikJOvBiI2HlWgH4olfQ2BQokikJOvBiI",
  email: "ada@example.com",
  externalUserId: "crm-10482",
} as const;

/** Examples by property or parameter name. */
const FIELD_EXAMPLES: Record<string, unknown> = {
  // A member's (or a deal's) eligibility: words of the vocabularies (contract §4).
  eligibility_customer_type: [ELIGIBILITY_VOCABULARIES.customer_type[0]],
  eligibility_company_stage: [ELIGIBILITY_VOCABULARIES.company_stage[2]],
  eligibility_company_size: [ELIGIBILITY_VOCABULARIES.company_size[0]],
  eligibility_business_type: [ELIGIBILITY_VOCABULARIES.business_type[0]],
  eligibility_incorporation: [ELIGIBILITY_VOCABULARIES.incorporation[0]],
  eligibility_funding: [ELIGIBILITY_VOCABULARIES.funding[2]],
  eligibility_geography: ["DE", "FR"],
  id: DEAL_ID,
  deal_id: DEAL_ID,
  user_id: USER_ID,
  deal_ids: [DEAL_ID, "0d4e8a1b-7c2f-4e3a-9b5d-6f1a2c3b4d5e"],
  rule_id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  event_id: "evt_2026-11-21_0001",
  click_id: "clk_7Hq2mX9aLp4Rt0Vz",
  external_user_id: "crm-10482",
  idp_uid: "00u1a2b3c4d5e6f7g8h9",
  email: "ada@northwind.example",
  contact_email: "partners@northwind.example",
  name: "Cloud infrastructure",
  title: "AWS Activate",
  product_name: "AWS Activate",
  slug: "aws-activate",
  short_description: "Cloud credits, technical support and training for early-stage startups on AWS.",
  long_description: "AWS Activate gives startups the credits, tools and expert guidance they need to get their first workloads into production.",
  perk_description: "Up to $5,000 in AWS credits for two years",
  description: "CRM sync (production)",
  market_value: "$5,000",
  logo_url: "https://cdn.perkway.example/logos/aws-activate.svg",
  product_url: "https://aws.amazon.com/activate/",
  redeem_url: "https://aws.amazon.com/activate/apply?ref={{user_id}}",
  url: "https://api.northwind.example/perkway/webhooks",
  instructions: "<p>Apply with your company email and enter the code below.</p>",
  promo_code: "NORTHWIND-2026",
  code: "AWS-7QX2-PL9M",
  codes: ["AWS-7QX2-PL9M", "AWS-3KD8-ZR1T"],
  approval_time: "within 2 business days",
  eligibility_requirements: "Pre-seed or seed startups incorporated in the EU.",
  badges: ["Popular"],
  categories: ["cloud-infrastructure"],
  category: "cloud-infrastructure",
  offer_types: ["credits"],
  note: "Approved: the member's company matches the programme.",
  method: "unique_code",
  rule_type: "include_region",
  rule_value: ["Europe"],
  type: "deal.redeemed",
  jwt_token: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJwa18xMjMifQ.c2lnbmF0dXJl",
  provider_secret: "whsec_4d1f9a7c2b8e6d3a0f5c1e9b7a2d4c6e",
  redeemed_at: "2026-11-21T14:03:07.123Z",
  reversed_at: "2026-11-28T09:12:44.501Z",
  currency: "USD",
  external_id: "cus_Q8f3LmN20xRt",
  reason: "Customer refunded within the trial",
  secret: "hsk_live_9fQ2xL7mP4tR8vW1zK6nB3cD5hJ0sA2e",
  since: "2026-11-01T00:00:00Z",
  created_since: "2026-11-01T00:00:00Z",
  updated_since: "2026-11-01T00:00:00Z",
  version: "1.0.0",
  cursor: "eyJpZCI6IjZmMWMyZDNlIn0",
  q: "credits",
  status: "live",
  "Idempotency-Key": "5f0c8a1e-3b2d-4c6f-9e8a-7d1b2c3e4f5a",
  // counts
  index: 0,
  priority: 10,
  total: 1500,
  received: 3,
  added: 500,
  duplicates: 2,
  available: 480,
  claimed: 20,
};

const SAFE = Number.MAX_SAFE_INTEGER;

function needsExample(s: Node): boolean {
  return s.example === undefined && s.examples === undefined && s.enum === undefined && s.const === undefined && s.default === undefined && typeof s.$ref !== "string";
}

/** An array of an enum or of objects: the viewer builds a realistic example from its items. */
function itemsSpeakForThemselves(s: Node): boolean {
  const items = s.items as Node | undefined;
  return !!items && (items.enum !== undefined || typeof items.$ref === "string" || items.type === "object");
}

function fill(schema: unknown, name: string): void {
  if (!schema || typeof schema !== "object") return;
  const s = schema as Node;
  if (!needsExample(s) || !(name in FIELD_EXAMPLES) || itemsSpeakForThemselves(s)) return;
  const example = FIELD_EXAMPLES[name];
  // A nullable field (anyOf [X, null]) gets the example on its non-null branch's level too.
  s.example = example;
}

/** Adds the examples in place (components, paths, webhooks) and returns the document. */
export function withRealisticExamples<T>(document: T): T {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    const node = value as Node;
    if (node.properties && typeof node.properties === "object") {
      for (const [name, prop] of Object.entries(node.properties as Node)) fill(prop, name);
    }
    if (typeof node.in === "string" && typeof node.name === "string" && node.schema) fill(node.schema, node.name);
    // zod's integers carry the safe-integer bounds; a viewer's made-up example is the minimum.
    if (node.type === "integer" && node.minimum === -SAFE && node.example === undefined) node.example = 1;
    for (const child of Object.values(node)) visit(child);
  };
  visit(document);
  return document;
}
