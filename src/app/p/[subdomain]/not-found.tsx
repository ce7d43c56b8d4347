// Unknown or deactivated partner subdomain, or a deal this member cannot see.
export default function HostedNotFound() {
  return (
    <section className="mx-auto max-w-xl py-12 text-center" data-testid="hosted-not-found">
      <p className="text-sm font-bold tracking-widest text-muted-foreground">404</p>
      <h1 className="mt-2 text-2xl font-bold text-foreground">We couldn’t find this page</h1>
      <p className="mt-3 text-muted-foreground">
        The address may be mistyped, or it is no longer available. Use the link your organization sent you, or ask them for a new one.
      </p>
    </section>
  );
}
