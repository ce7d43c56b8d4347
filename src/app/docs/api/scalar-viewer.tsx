"use client";
// Scalar's viewer and its stylesheet, loaded after the server-rendered outline has painted
// (./api-reference.tsx imports this file lazily): its large CSS never blocks the first paint.
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useEffect, useRef } from "react";
import { viewerCss, watchViewerA11y } from "./repair-viewer-a11y";

export default function ScalarViewer({ document, onLoaded }: { document: object; onLoaded: () => void }) {
  const viewer = useRef<HTMLDivElement>(null);
  useEffect(() => (viewer.current ? watchViewerA11y(viewer.current) : undefined), []);
  return (
    <div ref={viewer}>
      <ApiReferenceReact
        configuration={{
          content: document,
          withDefaultFonts: false,
          telemetry: false,
          agent: { disabled: true },
          showDeveloperTools: "never",
          hideClientButton: true,
          documentDownloadType: "json",
          authentication: { preferredSecurityScheme: "bearerAuth" },
          defaultOpenFirstTag: true,
          metaData: { title: "Perkway API reference" },
          customCss: viewerCss,
          onLoaded,
        }}
      />
    </div>
  );
}
