// Unknown or deactivated partner subdomain.
export default function HostedNotFound() {
  return (
    <div className="hosted">
      <main className="hosted-main">
        <section className="hosted-hero" data-testid="hosted-not-found">
          <p className="hosted-code">404</p>
          <h1>We couldn’t find this perks page</h1>
          <p className="hosted-lead">
            The address may be mistyped, or the program is no longer available. Use the link your organization sent
            you, or ask them for a new one.
          </p>
        </section>
      </main>
      <footer className="hosted-footer">Powered by Perkway</footer>
    </div>
  );
}
