// /access-requests — where access-request notification emails point: the inbox, filtered.
import { redirect } from "next/navigation";

export default function AccessRequestsPage(): never {
  redirect("/inbox?kind=access_request&status=new");
}
