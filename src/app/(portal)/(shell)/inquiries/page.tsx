// /inquiries — kept for old links and notification emails: inquiries live in the inbox now.
import { redirect } from "next/navigation";

export default function InquiriesPage(): never {
  redirect("/inbox?kind=inquiry");
}
