// Whole request bodies as examples (issue 52.11): contract-test tools (Portman, Postman, Schemathesis)
// and generated clients build their requests from these, not from each field's example, so each one
// must be a request the API accepts: test/api/openapi-contract.test.ts sends every one of them to
// the running API (with real ids in place of EXAMPLE_IDS) and expects 2xx. Keys: "METHOD /path".
import { EVENT_TYPES } from "@/server/domain/enums";
import { EXAMPLE_IDS as ID } from "./realistic-examples";

type Example = { summary: string; value: unknown };
type Node = Record<string, unknown>;

const dealEvent = (event_type: string, summary: string): [string, Example] => [event_type, { summary, value: { event_type, user_id: ID.user, deal_id: ID.deal } }];

const EVENT_EXAMPLES: Record<string, Example> = Object.fromEntries([
  ["deal_list_viewed", { summary: "A listing showed two deals", value: { event_type: "deal_list_viewed", user_id: ID.user, deal_ids: [ID.deal, ID.otherDeal] } }],
  dealEvent("deal_detail_viewed", "The member opened a deal"),
  dealEvent("instructions_viewed", "The member opened the redemption instructions"),
  dealEvent("redeem_url_clicked", "The member clicked the redeem button"),
  dealEvent("promo_code_copied", "The member copied the promo code"),
  dealEvent("unique_code_claimed", "The member claimed a one-time code"),
  ["deal_redeemed", { summary: "The member completed redemption (with your own event id)", value: { event_type: "deal_redeemed", user_id: ID.user, deal_id: ID.deal, event_id: "evt_2026-11-21_0001", metadata: { plan: "startup" } } }],
  ["upgrade_cta_clicked", { summary: "The member clicked an upgrade call to action", value: { event_type: "upgrade_cta_clicked", user_id: ID.user } }],
  dealEvent("deal_inquiry_submitted", "The member sent the request-access form"),
  [
    "batch",
    {
      summary: "A batch (all or nothing)",
      value: { events: [{ event_type: "deal_list_viewed", deal_ids: [ID.deal] }, { event_type: "deal_detail_viewed", user_id: ID.user, deal_id: ID.deal }] },
    },
  ],
]);
if (EVENT_TYPES.some((t) => !EVENT_EXAMPLES[t])) throw new Error("request-examples.ts: every event type needs its example");

const REDEEM_URL = "https://aws.amazon.com/activate/apply?ref={{user_id}}";

const REQUEST_EXAMPLES: Record<string, Record<string, Example>> = {
  "POST /v1/authentications": { keys: { summary: "A sandbox key pair", value: { public_key: ID.publicKey, private_key: ID.privateKey } } },
  "POST /v1/users": {
    member: {
      summary: "A member with a profile",
      value: {
        email: ID.email,
        external_user_id: ID.externalUserId,
        tier: "free",
        user_types: ["Early-stage startup"],
        regions: ["Europe"],
        locale: "fr",
        eligibility: { company_stage: ["Seed"], geography: ["DE", "FR"], funding: ["Angel"] },
      },
    },
    email_only: { summary: "Only an email (permissive eligibility defaults)", value: { email: "grace@example.com", send_sign_in_email: true } },
  },
  "PATCH /v1/users": {
    by_id: { summary: "Identified by id", value: { id: ID.user, tier: "premium" } },
    by_email: { summary: "Identified by email", value: { email: ID.email, regions: ["Europe", "North America"] } },
    by_external_user_id: { summary: "Identified by your own id", value: { external_user_id: ID.externalUserId, eligibility: { geography: ["DE"] } } },
  },
  "POST /v1/users/batch": {
    two: { summary: "Two members", value: { users: [{ email: "grace@example.com" }, { email: "alan@example.com", external_user_id: "crm-10483", tier: "premium" }] } },
  },
  "PATCH /v1/users/{id}": {
    profile: { summary: "Upgrade and complete the profile", value: { tier: "premium", user_types: ["Growth-stage startup"], eligibility: { company_stage: ["Series A"], geography: ["GB"] } } },
  },
  "POST /v1/partner-deals": {
    draft: {
      summary: "A draft with its redemption link",
      value: {
        product_name: "AWS Activate",
        short_description: "Cloud credits, technical support and training for early-stage startups on AWS.",
        slug: "aws-activate",
        product_url: "https://aws.amazon.com/activate/",
        logo_url: "https://cdn.perkway.example/logos/aws-activate.svg",
        perk_description: "Up to $5,000 in AWS credits for two years",
        market_value: "$5,000",
        est_value: 5000,
        tier: "free",
        tags: ["featured"],
        eligibility_company_stage: ["Pre-seed", "Seed"],
        eligibility_geography: ["DE", "FR"],
        offer_types: ["credits"],
        redemption: { method: "url", redeem_url: REDEEM_URL, instructions: "<p>Apply with your company email.</p>" },
      },
    },
    live_promo_code: {
      summary: "Published at once, with a shared promo code",
      value: { product_name: "Notion Plus", short_description: "Six months of Notion Plus for your team.", status: "live", redemption: { method: "promo_code", promo_code: "NORTHWIND-2026" } },
    },
  },
  "PATCH /v1/partner-deals/{id}": {
    publish: { summary: "Publish a draft with its redemption link", value: { status: "live", redemption: { method: "url", redeem_url: REDEEM_URL } } },
    edit: {
      summary: "Change the text, a translation and the audience",
      value: { short_description: "Cloud credits for startups.", translations: { fr: { short_description: "Des crédits cloud pour les startups." } }, eligibility_geography: ["DE", "AT", "CH"] },
    },
  },
  "POST /v1/partner-deals/{id}/visibility-rules": {
    include_region: { summary: "Only members in Europe or North America", value: { rule_type: "include_region", rule_value: ["Europe", "North America"], priority: 10 } },
    exclude_user_type: { summary: "Not for SMEs", value: { rule_type: "exclude_user_type", rule_value: ["SME"] } },
    include_partner_type: { summary: "Only accelerators and VC funds", value: { rule_type: "include_partner_type", rule_value: ["Accelerator", "VC fund"] } },
    exclude_partner: { summary: "Hidden from one partner", value: { rule_type: "exclude_partner", rule_value: [ID.partner] } },
  },
  "PATCH /v1/partner-deals/{id}/visibility-rules/{rule_id}": {
    change: { summary: "New values and priority", value: { rule_value: ["Europe", "Asia"], priority: 20 } },
  },
  "POST /v1/partner-deals/{id}/codes": { codes: { summary: "Two one-time codes", value: { codes: ["AWS-7QX2-PL9M", "AWS-3KD8-ZR1T"] } } },
  "POST /v1/deals/{id}/access-requests": {
    by_user_id: { summary: "For a member, by id", value: { user_id: ID.user, message: "We are raising our seed round and would like the credits for our EU launch." } },
    by_external_user_id: { summary: "For a member, by your own id", value: { external_user_id: ID.externalUserId } },
  },
  "POST /v1/access-requests/{id}/approve": { note: { summary: "With a note to the member", value: { note: "Approved: your company matches the programme." } } },
  "POST /v1/access-requests/{id}/decline": { note: { summary: "With a note to the member", value: { note: "The programme is for companies incorporated in the EU." } } },
  "POST /v1/access-requests/{id}/withdraw": { note: { summary: "With a note", value: { note: "The member asked us to withdraw it." } } },
  "POST /v1/webhook-endpoints": {
    endpoint: { summary: "Two event types", value: { url: "https://api.northwind.example/perkway/webhooks", event_types: ["user.created", "deal.redeemed"], description: "CRM sync (production)" } },
  },
  "PATCH /v1/webhook-endpoints/{id}": {
    disable: { summary: "Pause deliveries", value: { enabled: false } },
    events: { summary: "Change the event types", value: { event_types: ["deal.redeemed", "redemption.reversed"] } },
  },
  "POST /v1/provider/conversions": {
    click: { summary: "A click became a redemption", value: { click_id: "clk_7Hq2mX9aLp4Rt0Vz" } },
    with_value: { summary: "With the value delivered and your customer id", value: { click_id: "clk_7Hq2mX9aLp4Rt0Vz", amount: 4900, currency: "USD", external_id: "cus_Q8f3LmN20xRt" } },
  },
  "POST /v1/provider/conversions/{id}/reverse": { refund: { summary: "The customer was refunded", value: { reason: "Customer refunded within the trial" } } },
  "POST /events/track": EVENT_EXAMPLES,
};

/**
 * Query parameters of which exactly one must be sent, which OpenAPI cannot say of parameters: stated
 * as `x-required-one-of` (groups of names) next to the descriptions that say it in words.
 */
const REQUIRED_ONE_OF: Record<string, string[][]> = {
  "GET /v1/deals/{id}/instructions": [["user_id", "external_user_id"]],
};

/** Adds each operation's body examples (media type `examples`) in place and returns the document. */
export function withRequestExamples<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, Node>> }).paths ?? {};
  for (const [key, groups] of Object.entries(REQUIRED_ONE_OF)) {
    const [method, path] = key.split(" ");
    const op = paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`request-examples.ts: no operation ${key}`);
    op["x-required-one-of"] = groups;
  }
  for (const [key, examples] of Object.entries(REQUEST_EXAMPLES)) {
    const [method, path] = key.split(" ");
    const media = ((paths[path]?.[method.toLowerCase()]?.requestBody as Node | undefined)?.content as Record<string, Node> | undefined)?.["application/json"];
    if (!media) throw new Error(`request-examples.ts: no request body for ${key}`);
    media.examples = examples;
  }
  return document;
}
