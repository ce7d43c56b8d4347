// The deal form's words per surface, as each form had them before they became one: the catalogue
// form speaks to the platform's super admin, the own-deal form to a partner. Lists typed in one box
// are split on ";" for the catalogue and on commas, semicolons or new lines for own deals.
import type { VocabDimension } from "./deal-values";
import { DEAL_TAG_LABELS } from "@/server/domain/labels";

export type DealFormVariant = "catalogue" | "own";

export const DIMENSION_LABELS: Record<VocabDimension, string> = {
  customer_type: "Customer type",
  company_stage: "Company stage",
  company_size: "Company size",
  business_type: "Business type",
  incorporation: "Incorporation",
  funding: "Funding",
};

const PLACEHOLDERS = "{{email}} {{user_id}} {{external_user_id}} {{partner_id}}";
// One wording for lists in both deal forms (issue 44); both split on semicolons.
const LIST_HELP = "Separated by semicolons, e.g. Popular; New.";

const METHOD_HELP: Record<string, string> = {
  url: "Members follow the redeem URL (required to go live).",
  promo_code: "Every member gets the same promo code (required to go live).",
  unique_code: "Each member gets one code from the code pool (add codes before going live).",
  steps: "Members follow the instructions.",
  form: "Members fill in your form (put its link in the instructions).",
  inquiry: "Members send you a request from the hosted app.",
};

type Copy = {
  formClass: string;
  formLabel?: string;
  productTitle: string;
  productDescription?: string;
  slugHelp: string;
  longRows: number;
  perkLabel: string;
  perkPlaceholder?: string;
  marketPlaceholder: string;
  urlPlaceholder?: string;
  tierHelp?: string;
  listHelp: string;
  tagLabel: (tag: string) => string;
  noCategories?: string;
  redemptionDescription: (method: string) => string;
  methodLabel: string;
  redeemUrlPlaceholder?: string;
  instructionsRows: number;
  instructionsHelp?: string;
  eligibilityDescription: string;
  geographyLabel: string;
  geographyPlaceholder?: string;
  geographyHelp?: string;
  requirementsLabel: string;
  approvalHelp?: string;
  approvalTimePlaceholder: string;
};

export const DEAL_FORM_COPY: Record<DealFormVariant, Copy> = {
  catalogue: {
    formClass: "space-y-6",
    productTitle: "Product",
    slugHelp: "Lowercase letters, digits and hyphens; the catalogue's key (import updates by slug).",
    longRows: 5,
    perkLabel: "Perk description",
    marketPlaceholder: "$5,000 in credits",
    listHelp: LIST_HELP,
    tagLabel: (t) => DEAL_TAG_LABELS[t] ?? t,
    noCategories: "No category exists yet: create them on the Categories page.",
    redemptionDescription: () => `Placeholders ${PLACEHOLDERS.split(" ").join(", ")} are filled per member.`,
    methodLabel: "Redemption method",
    instructionsRows: 4,
    eligibilityDescription: "An empty dimension has no requirement; otherwise a member needs one of the checked values.",
    geographyLabel: "Geography (ISO country codes)",
    geographyHelp: "Two-letter country codes separated by semicolons, e.g. DE; FR; US.",
    requirementsLabel: "Eligibility requirements (text shown to members)",
    approvalTimePlaceholder: "2-3 business days",
  },
  own: {
    formClass: "flex flex-col gap-6",
    formLabel: "Deal details",
    productTitle: "What the deal is",
    productDescription: "Shown to your members in the hosted app and in your API deal list.",
    slugHelp: "Leave empty to have one generated from the name.",
    longRows: 4,
    perkLabel: "Perk (headline)",
    perkPlaceholder: "50% off for 12 months",
    marketPlaceholder: "$1,200",
    urlPlaceholder: "https://…",
    tierHelp: "Premium deals are for premium members when freemium is on.",
    listHelp: LIST_HELP,
    tagLabel: (t) => DEAL_TAG_LABELS[t] ?? t,
    redemptionDescription: (method) => `${METHOD_HELP[method] ?? ""} Placeholders: ${PLACEHOLDERS}.`,
    methodLabel: "Method",
    redeemUrlPlaceholder: "https://example.com/claim?e={{email}}",
    instructionsRows: 8,
    instructionsHelp: "Scripts, event handlers and javascript: links are removed.",
    eligibilityDescription: "Nothing ticked in a group: no requirement. Otherwise a member needs one of the ticked values.",
    geographyLabel: "Countries (ISO codes)",
    geographyPlaceholder: "US, DE",
    requirementsLabel: "Requirements in words",
    approvalHelp: "You approve each redemption yourself.",
    approvalTimePlaceholder: "2 business days",
  },
};
