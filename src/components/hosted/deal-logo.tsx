"use client";
// A deal's logo, or its initials when it has none or when the image does not load (server pages and
// the deal grid island alike; classes in src/app/globals.css). A load failure before hydration is
// caught too: the effect looks at the image once it is on the page.
import { useEffect, useRef, useState } from "react";
import { logoInitials } from "./logo-initials";

export function DealLogo({ url, name, size = 48 }: { url: string | null; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0) setFailed(true);
  }, []);
  return url && !failed ? (
    // eslint-disable-next-line @next/next/no-img-element -- deal logos live on any https host
    <img ref={img} src={url} alt="" width={size} height={size} loading="lazy" className="deal-logo" style={{ width: size, height: size }} onError={() => setFailed(true)} />
  ) : (
    <span aria-hidden="true" className="deal-logo-initials" style={{ width: size, height: size, fontSize: Math.round(size * 0.36) }}>
      {logoInitials(name)}
    </span>
  );
}
