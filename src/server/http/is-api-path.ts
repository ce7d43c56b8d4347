export function isApiPath(pathname: string): boolean {
  return pathname === "/v1" || pathname.startsWith("/v1/") || pathname === "/events/track" || pathname === "/events/track/";
}
