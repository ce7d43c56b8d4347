"use client";
// Reports a view once the page has rendered in the member's browser (not when a server or a
// prefetch renders it): deal_list_viewed with the ids on screen, or deal_detail_viewed.
import { useEffect, useRef } from "react";

import type { Track } from "./track";

export function TrackView({ track, type, dealId, dealIds }: { track: Track; type: "deal_list_viewed" | "deal_detail_viewed"; dealId?: string; dealIds?: string[] }) {
  const sent = useRef<string | null>(null);
  const key = `${type}:${dealId ?? ""}:${(dealIds ?? []).join(",")}`;
  useEffect(() => {
    if (sent.current === key) return;
    sent.current = key;
    if (type === "deal_list_viewed" && !dealIds?.length) return;
    void track({ type, dealId, dealIds }).catch(() => undefined);
  }, [key, track, type, dealId, dealIds]);
  return null;
}
