// A client island's messages, handed down by the server (one namespace of messages/{locale}.json),
// and the one formatting the browser uses: `{name}` placeholders (the error pages' own words too,
// server-error-words.ts). The server formats with use-intl's translator (src/lib/messages.ts), but
// next-intl's client runtime (ICU parsing, ~12 KB gzipped) is not loaded on the member's pages for
// that (issue 45); a test keeps these namespaces free of ICU plural/select syntax, which this does not read.
export type Words = { readonly [key: string]: string | Words };

type Translate = (key: string, values?: Readonly<Record<string, string | number>>) => string;

export function wordsT(words: Words): Translate {
  return (key, values) => {
    let found: string | Words | undefined = words;
    for (const part of key.split(".")) found = typeof found === "object" ? found[part] : undefined;
    if (typeof found !== "string") return key;
    return values ? found.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : found;
  };
}
