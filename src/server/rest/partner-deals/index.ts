import type { ApiRoute } from "@/server/http/api-route";
import { addCodesRoute } from "./add-codes";
import { createPartnerDealRoute } from "./create-partner-deal";
import { createVisibilityRuleRoute } from "./create-visibility-rule";
import { deletePartnerDealRoute } from "./delete-partner-deal";
import { deleteVisibilityRuleRoute } from "./delete-visibility-rule";
import { getCodeCountsRoute } from "./get-code-counts";
import { getPartnerDealRoute } from "./get-partner-deal";
import { listPartnerDealsRoute } from "./list-partner-deals";
import { listVisibilityRulesRoute } from "./list-visibility-rules";
import { updatePartnerDealRoute } from "./update-partner-deal";
import { updateVisibilityRuleRoute } from "./update-visibility-rule";
import { rotateProviderSecretRoute } from "./rotate-provider-secret";

/** /v1/partner-deals with its visibility rules and code pools. */
export const partnerDealRoutes: ApiRoute[] = [
  createPartnerDealRoute,
  listPartnerDealsRoute,
  getPartnerDealRoute,
  updatePartnerDealRoute,
  deletePartnerDealRoute,
  listVisibilityRulesRoute,
  createVisibilityRuleRoute,
  updateVisibilityRuleRoute,
  deleteVisibilityRuleRoute,
  addCodesRoute,
  getCodeCountsRoute,
  rotateProviderSecretRoute,
];
