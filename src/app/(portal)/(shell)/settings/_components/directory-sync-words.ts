// Words the Directory sync card's parts share.

/** "live" / "sandbox": how the card names an environment in a sentence. */
export const envWord = (environment: "live" | "test") => (environment === "test" ? "sandbox" : "live");

/** A logged path as people read it: `filter=userName eq "ada@…"` rather than its %-escapes. */
export function readablePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
