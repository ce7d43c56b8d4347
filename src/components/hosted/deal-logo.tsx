// A deal's logo, or its initials when it has none (server pages and the deal grid island alike;
// classes in src/app/globals.css).
export function DealLogo({ url, name, size = 48 }: { url: string | null; name: string; size?: number }) {
  const initials = name.trim().slice(0, 2).toUpperCase() || "?";
  return url ? (
    // eslint-disable-next-line @next/next/no-img-element -- deal logos live on any https host
    <img src={url} alt="" width={size} height={size} loading="lazy" className="deal-logo" style={{ width: size, height: size }} />
  ) : (
    <span aria-hidden="true" className="deal-logo-initials" style={{ width: size, height: size }}>
      {initials}
    </span>
  );
}
