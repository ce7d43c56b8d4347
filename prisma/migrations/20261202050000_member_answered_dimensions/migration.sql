-- AlterTable
ALTER TABLE "members" ADD COLUMN     "answered_dimensions" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- Existing members: nothing recorded who gave a value, so a dimension counts as answered when the
-- member answered it in the hosted app or its value is not section 5's default (the whole vocabulary
-- for customer_type, company_size and incorporation, nothing for the others). A partner who sent the
-- whole vocabulary before this column existed reads as "Not answered yet" (docs/decisions/unanswered-profile.md).
UPDATE "members" SET "answered_dimensions" = array_remove(ARRAY[
  CASE WHEN 'customer_type' = ANY("self_reported_dimensions") OR NOT (cardinality("eligibility_customer_type") = 0 OR "eligibility_customer_type" @> ARRAY['New customer', 'Existing customer']::TEXT[]) THEN 'customer_type' END,
  CASE WHEN 'company_stage' = ANY("self_reported_dimensions") OR cardinality("eligibility_company_stage") > 0 THEN 'company_stage' END,
  CASE WHEN 'company_size' = ANY("self_reported_dimensions") OR NOT (cardinality("eligibility_company_size") = 0 OR "eligibility_company_size" @> ARRAY['1-10', '11-50', '51-200', '201-1000', '1000+']::TEXT[]) THEN 'company_size' END,
  CASE WHEN 'business_type' = ANY("self_reported_dimensions") OR cardinality("eligibility_business_type") > 0 THEN 'business_type' END,
  CASE WHEN 'geography' = ANY("self_reported_dimensions") OR cardinality("eligibility_geography") > 0 THEN 'geography' END,
  CASE WHEN 'incorporation' = ANY("self_reported_dimensions") OR NOT (cardinality("eligibility_incorporation") = 0 OR "eligibility_incorporation" @> ARRAY['Incorporated', 'Not incorporated']::TEXT[]) THEN 'incorporation' END,
  CASE WHEN 'funding' = ANY("self_reported_dimensions") OR cardinality("eligibility_funding") > 0 THEN 'funding' END,
  CASE WHEN 'user_types' = ANY("self_reported_dimensions") OR cardinality("user_types") > 0 THEN 'user_types' END,
  CASE WHEN 'regions' = ANY("self_reported_dimensions") OR cardinality("regions") > 0 THEN 'regions' END
]::TEXT[], NULL);
