// Text of one direction inside a sentence of another: English deal names and notes inside Arabic.
const FSI = "\u2068";
const PDI = "\u2069";

/** `text` as one unit of its own direction inside a sentence of another (Unicode's first-strong isolate). */
export function isolate(text: string): string {
  return `${FSI}${text}${PDI}`;
}
