import type { ApiRoute } from "@/server/http/api-route";
import { listRedemptionsRoute } from "./list-redemptions";
import { recordConversionRoute } from "../provider/record-conversion";
import { reverseConversionRoute } from "../provider/reverse-conversion";

export const redemptionRoutes: ApiRoute[] = [listRedemptionsRoute, recordConversionRoute, reverseConversionRoute];
