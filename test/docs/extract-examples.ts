// The runnable examples of a Markdown guide: ```bash blocks that call curl, and ```js blocks that
// import @perkway/sdk. An HTML comment `<!-- doc-test: skip: why -->` on the line before a fence
// leaves that block out (say why; the test lists skipped blocks).
import fs from "node:fs";

export type Example = { file: string; line: number; kind: "curl" | "sdk"; code: string; skip: string | null };

export function extractExamples(file: string): Example[] {
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const out: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\w+)/.exec(lines[i]);
    if (!fence) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i].startsWith("```"); i++) body.push(lines[i]);
    const code = body.join("\n") + "\n";
    const kind = fence[1] === "bash" && /\bcurl\b/.test(code) ? "curl" : fence[1] === "js" && code.includes("@perkway/sdk") ? "sdk" : null;
    if (!kind) continue;
    const skip = /<!--\s*doc-test:\s*skip:?\s*(.*?)\s*-->/.exec(lines[start - 1] ?? "")?.[1] ?? null;
    out.push({ file, line: start + 1, kind, code, skip });
  }
  return out;
}

/** Shell variables a curl block sets (`NAME=…` or `export NAME=…` at the start of a line). */
export function assignedVariables(code: string): string[] {
  return [...new Set([...code.matchAll(/^\s*(?:export\s+)?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]))];
}
