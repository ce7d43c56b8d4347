"use client";
import dynamic from "next/dynamic";
import { useState, type ReactNode } from "react";

// Loaded after hydration: the outline (server HTML) paints without waiting for the viewer's code and CSS.
const ScalarViewer = dynamic(() => import("./scalar-viewer"), { ssr: false });

/**
 * Scalar's reference viewer, configured to work offline (no web fonts, no telemetry, no AI agent),
 * fed the document inline. The server-rendered outline stays until the viewer says it has loaded;
 * the viewer's markup is mended for screen readers and contrast (./repair-viewer-a11y.ts).
 */
export function ApiReference({ document, outline }: { document: object; outline: ReactNode }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      {loaded ? null : outline}
      <ScalarViewer document={document} onLoaded={() => setLoaded(true)} />
    </>
  );
}
