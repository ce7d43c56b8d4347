import type { ApiRoute } from "@/server/http/api-route";
import { listRedemptionsRoute } from "./list-redemptions";
import { recordConversionRoute } from "../provider/record-conversion";

export const redemptionRoutes: ApiRoute[] = [listRedemptionsRoute, recordConversionRoute];
