// Initials for a logo placeholder: the first letter of the first two words ("Google Cloud" → "GC"),
// one letter for one word ("Notion" → "N", not "NO"); letters and digits of any script.
export function logoInitials(name: string): string {
  const words = name.trim().split(/[\s\-_/&+]+/u).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const first = (w: string) => [...w].find((c) => /[\p{L}\p{N}]/u.test(c)) ?? "";
  return (words.slice(0, 2).map(first).join("") || "?").toUpperCase();
}
