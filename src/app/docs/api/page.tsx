// /docs/api — the API reference for partner engineers, rendered from the OpenAPI document the app
// serves at /v1/openapi.json (generated from the route table) by Scalar, bundled with the app:
// nothing is loaded from a CDN. The document is rendered into the page on the server, twice: as a
// plain outline (every operation and webhook, readable at once, without JavaScript) and as the
// viewer's inline content, so the viewer needs no second request and the page is never blank.
import type { Metadata } from "next";
import { currentOpenApiDocument } from "@perkway/server/rest/routes";
import { ApiOutline, type OutlineDocument } from "./api-outline";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = {
  title: "API reference",
  description: "Perkway partner API: authentication, users, deals, partner deals, events, analytics and webhooks",
};

// The document names this deployment's URL (APP_DOMAIN), read when the page is served.
export const dynamic = "force-dynamic";

export default function ApiReferencePage() {
  const document = currentOpenApiDocument();
  return <ApiReference document={document} outline={<ApiOutline document={document as unknown as OutlineDocument} />} />;
}
