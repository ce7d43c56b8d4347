// The portal inbox: members' access requests and inquiries together, their counts, replies by email
// and the CSV export's rows. Decisions on access requests are the access-requests module's.
export { listInbox, exportInbox } from "./list-inbox";
export { countInbox } from "./count-inbox";
export { replyToInquiry, closeInquiries } from "./answer-inquiry";
