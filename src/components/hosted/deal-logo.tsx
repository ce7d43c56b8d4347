// A deal's logo, or its initials when it has none (server pages and the deal grid island alike).
export function DealLogo({ url, name, size = 48 }: { url: string | null; name: string; size?: number }) {
  const initials = name.trim().slice(0, 2).toUpperCase() || "?";
  return url ? (
    // eslint-disable-next-line @next/next/no-img-element -- deal logos live on any https host
    <img src={url} alt="" width={size} height={size} loading="lazy" className="shrink-0 rounded-lg border border-border bg-card object-contain p-1" style={{ width: size, height: size }} />
  ) : (
    <span aria-hidden="true" className="flex shrink-0 items-center justify-center rounded-lg bg-muted font-bold text-muted-foreground" style={{ width: size, height: size }}>
      {initials}
    </span>
  );
}
