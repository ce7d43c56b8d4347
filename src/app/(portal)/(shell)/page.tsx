// / — portal overview. Analytics charts arrive here later; for now the signed-in admin and API status.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { HealthStatus } from "../_components/health-status";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const { actor, email, name } = await requireAdminSession();

  return (
    <>
      <div className="page-header">
        <h1>Overview</h1>
        <p className="muted">Welcome back{name ? `, ${name}` : ""}.</p>
      </div>
      <div className="grid">
        <section className="card">
          <h2>Signed in as</h2>
          <dl className="facts">
            <dt>Email</dt>
            <dd data-testid="admin-email">{email}</dd>
            <dt>Role</dt>
            <dd data-testid="admin-role">{actor.role === "super_admin" ? "Super admin" : "Partner admin"}</dd>
            {actor.partnerId ? (
              <>
                <dt>Partner</dt>
                <dd className="mono">{actor.partnerId}</dd>
              </>
            ) : null}
          </dl>
        </section>
        <section className="card">
          <h2>System status</h2>
          <HealthStatus />
        </section>
      </div>
    </>
  );
}
