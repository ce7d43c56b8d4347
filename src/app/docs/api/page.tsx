// /docs/api — the API reference for partner engineers, rendered from /v1/openapi.json (the document
// generated from the route table) by Scalar, bundled with the app: nothing is loaded from a CDN.
import type { Metadata } from "next";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = {
  title: "API reference",
  description: "Perkway partner API: authentication, users, deals, partner deals, events and analytics",
};

export default function ApiReferencePage() {
  return <ApiReference specUrl="/v1/openapi.json" />;
}
