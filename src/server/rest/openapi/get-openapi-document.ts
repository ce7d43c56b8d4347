import { z } from "zod";
import type { ApiRoute } from "@/server/http/api-route";
import type { OpenApiDocument } from "./build-openapi-document";

const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string().meta({ example: "3.1.0" }),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "OpenApiDocument", description: "This document" });

// GET /v1/openapi.json — the OpenAPI 3.1 document of this API (public, no token)
// The document is built from the route table that holds this route: routes.ts passes it in (no
// import cycle between the table and this file).
export function getOpenApiDocumentRoute(document: () => OpenApiDocument): ApiRoute {
  return {
    method: "GET",
    path: "/v1/openapi.json",
    auth: "none",
    docs: {
      summary: "The OpenAPI 3.1 document of this API",
      description: "Generated from the same schemas the endpoints validate with. No authentication. Rendered for people at /docs/api.",
      tags: ["Meta"],
      responses: { 200: { description: "The OpenAPI document", schema: openApiDocumentSchema } },
    },
    async handler() {
      return { status: 200, body: document(), headers: { "Cache-Control": "public, max-age=300" } };
    },
  };
}
