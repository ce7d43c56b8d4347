import Link from "next/link";

// Any unknown page on the portal host.
export default function NotFound() {
  return (
    <main className="hosted-main" style={{ maxWidth: 560, margin: "12vh auto", padding: "0 24px" }}>
      <p className="hosted-code">404</p>
      <h1>This page does not exist</h1>
      <p className="hosted-lead">
        Check the address, or go back to the <Link href="/">portal home</Link>. API clients: endpoints live under{" "}
        <code>/v1</code> — the reference is at <Link href="/docs/api">/docs/api</Link>.
      </p>
    </main>
  );
}
