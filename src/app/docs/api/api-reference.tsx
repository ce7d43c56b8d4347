"use client";
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

/** Scalar's reference viewer, configured to work offline: no web fonts, no telemetry, no AI agent. */
export function ApiReference({ specUrl }: { specUrl: string }) {
  return (
    <ApiReferenceReact
      configuration={{
        url: specUrl,
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        showDeveloperTools: "never",
        hideClientButton: true,
        documentDownloadType: "json",
        authentication: { preferredSecurityScheme: "bearerAuth" },
        defaultOpenFirstTag: true,
        metaData: { title: "Perkway API reference" },
      }}
    />
  );
}
