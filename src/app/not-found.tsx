import Link from "next/link";
import { Button } from "@/components/ui/button";

// Any unknown page (or record) on the portal host: says what happened and offers real ways on.
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
          <Link href="/">Go to the portal home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/docs/api">API reference</Link>
        </Button>
      </div>
    </main>
  );
}
