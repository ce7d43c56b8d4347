// Any address in a partner's app that is not one of its pages: the app's own branded 404 (with the
// way back to the partner's deals, in the member's language), not the portal's.
import { notFound } from "next/navigation";

export default function UnknownMemberPage(): never {
  notFound();
}
