// /inquiries — members' inquiry and request-access forms from the hosted app and the widget, newest
// first, in the current environment (Live / Sandbox switch). Server-rendered through the tRPC
// server caller (inquiries.list); "Older inquiries" pages with the cursor.
import type { Metadata } from "next";
import { TRPCError } from "@trpc/server";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import type { InquiryList } from "@/server/schemas/inquiry.schema";
import { getServerApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Inquiries" };

type Props = { searchParams: Promise<{ cursor?: string }> };

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default async function InquiriesPage({ searchParams }: Props) {
  const { environment } = await requireAdminSession();
  const { cursor } = await searchParams;
  let list: InquiryList | null = null;
  let problem: string | null = null;
  try {
    list = await (await getServerApi()).inquiries.list({ limit: 50, cursor: typeof cursor === "string" ? cursor : null });
  } catch (err) {
    problem = err instanceof TRPCError && err.code === "FORBIDDEN" ? "Choose a partner to view as to see its inquiries." : "The inquiries could not be loaded. Reload the page to try again.";
  }

  return (
    <>
      <div className="page-header">
        <h1>Inquiries</h1>
        <p className="muted">
          Requests members sent from your hosted deal app or widget ({environment === "test" ? "sandbox" : "live"} members). Reply to them by email.
        </p>
      </div>
      {problem ? (
        <div role="alert" className="alert alert-error">
          {problem}
        </div>
      ) : !list?.data.length ? (
        <section className="card" data-testid="inquiries-empty">
          <h2>No inquiries yet</h2>
          <p className="muted">
            {cursor ? "There are no older inquiries." : "When a member uses the request-access form of a deal with the inquiry method, it appears here."}
          </p>
        </section>
      ) : (
        <section className="card" style={{ overflowX: "auto" }}>
          <table className="w-full border-collapse text-left text-sm" data-testid="inquiries-table">
            <caption className="sr-only">Member inquiries, newest first</caption>
            <thead>
              <tr>
                <th scope="col" className="border-b px-2 py-2">Received</th>
                <th scope="col" className="border-b px-2 py-2">Deal</th>
                <th scope="col" className="border-b px-2 py-2">Member</th>
                <th scope="col" className="border-b px-2 py-2">Company / role</th>
                <th scope="col" className="border-b px-2 py-2">Message</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((i) => (
                <tr key={i.id} className="align-top">
                  <td className="border-b px-2 py-2 whitespace-nowrap">{dateFormat.format(new Date(i.created_at))} UTC</td>
                  <td className="border-b px-2 py-2">{i.deal_name}</td>
                  <td className="border-b px-2 py-2">{i.member_email ? <a href={`mailto:${i.member_email}`}>{i.member_email}</a> : <span className="muted">Deleted member</span>}</td>
                  <td className="border-b px-2 py-2">{[i.company, i.role].filter(Boolean).join(" · ") || <span className="muted">—</span>}</td>
                  <td className="border-b px-2 py-2 whitespace-pre-line" style={{ maxWidth: 480 }}>
                    {i.message}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.next_cursor ? (
            <p style={{ marginTop: 12 }}>
              <a href={`/inquiries?cursor=${encodeURIComponent(list.next_cursor)}`}>Older inquiries</a>
            </p>
          ) : null}
        </section>
      )}
    </>
  );
}
