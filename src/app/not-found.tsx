import { Button } from "@/components/ui/button";

// Any unknown page (or record) on the portal host: says what happened and offers real ways on.
// Plain links, not next/link: this boundary is part of every page's tree (the root segment's), so
// next/link's client code (3.2 KB gzipped) was loaded by every member page, which uses none.
export default function NotFound() {
  return (
    <main id="main" className="mx-auto flex min-h-[70vh] max-w-xl flex-col justify-center px-6 py-16">
      <p className="text-sm font-semibold tracking-wide text-muted-foreground">404</p>
      <h1 className="mt-2 text-2xl font-bold text-foreground">This page does not exist</h1>
      <p className="mt-3 text-muted-foreground">
        The address may be mistyped, or what it pointed to was removed. API clients: endpoints live under <code className="font-mono">/v1</code>.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load is fine from a 404; see above */}
          <a href="/">Go to the portal home</a>
        </Button>
        <Button asChild variant="outline">
          <a href="/docs/api">API reference</a>
        </Button>
      </div>
    </main>
  );
}
