// /inquiries while the list loads.
export default function InquiriesLoading() {
  return (
    <>
      <div className="page-header">
        <h1>Inquiries</h1>
        <p className="muted">Loading inquiries…</p>
      </div>
      <section className="card" aria-busy="true" aria-label="Loading inquiries">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="mb-3 h-6 animate-pulse rounded bg-gray-200" />
        ))}
      </section>
    </>
  );
}
