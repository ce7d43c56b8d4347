// The server-rendered outline of the reference: title, introduction and every operation and webhook
// event grouped by tag, each with its method, path and summary. It is what the page shows before
// (and without) JavaScript; the interactive viewer replaces it once it has rendered.
type Operation = { summary?: string; tags?: string[]; operationId?: string };
export type OutlineDocument = {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
};

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");

type Row = { method: string; path: string; summary: string; webhook: boolean };

function rowsByTag(doc: OutlineDocument): Map<string, Row[]> {
  const byTag = new Map<string, Row[]>((doc.tags ?? []).map((t) => [t.name, []]));
  const add = (entries: Record<string, Record<string, Operation>>, webhook: boolean) => {
    for (const [path, ops] of Object.entries(entries)) {
      for (const [method, op] of Object.entries(ops)) {
        const tag = op.tags?.[0] ?? "Other";
        if (!byTag.has(tag)) byTag.set(tag, []);
        byTag.get(tag)!.push({ method: method.toUpperCase(), path, summary: op.summary ?? "", webhook });
      }
    }
  };
  add(doc.paths, false);
  add(doc.webhooks ?? {}, true);
  return byTag;
}

export function ApiOutline({ document: doc }: { document: OutlineDocument }) {
  const descriptions = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
  const intro = (doc.info.description ?? "").split("\n\n")[0];
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 text-slate-900">
      <h1 className="text-2xl font-semibold">{doc.info.title} reference</h1>
      <p className="mt-1 text-sm text-slate-600">Version {doc.info.version}</p>
      <p className="mt-4">{intro}</p>
      <p className="mt-2 text-sm">
        Machine-readable: <a className="text-blue-700 underline" href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1). The interactive reference loads below.
      </p>
      {[...rowsByTag(doc)].map(([tag, rows]) =>
        rows.length ? (
          <section key={tag} className="mt-8" aria-labelledby={`tag-${slug(tag)}`}>
            <h2 id={`tag-${slug(tag)}`} className="text-lg font-semibold">
              {tag}
            </h2>
            {descriptions.get(tag) ? <p className="mt-1 text-sm text-slate-700">{descriptions.get(tag)}</p> : null}
            <ul className="mt-3 divide-y divide-slate-200 rounded border border-slate-200">
              {rows.map((r) => (
                <li key={`${r.method} ${r.path}`} className="flex flex-wrap items-baseline gap-x-3 px-3 py-2 text-sm">
                  <span className="w-16 font-mono font-semibold text-slate-800">{r.webhook ? "EVENT" : r.method}</span>
                  <code className="font-mono break-all">{r.path}</code>
                  <span className="text-slate-700">{r.summary}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </main>
  );
}
