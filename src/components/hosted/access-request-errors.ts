// Why a member's access request (or its withdrawal) was refused: the codes the server actions answer
// with, worded by the access-request panel in the member's language (`access.error.*`). Its own module:
// the "use server" actions and the "use client" panel both read it.
export const ACCESS_REQUEST_ERRORS = ["signed_out", "deal_not_found", "not_eligible", "approval_not_required", "access_request_not_pending", "access_request_not_found", "failed"] as const;
export type AccessRequestError = (typeof ACCESS_REQUEST_ERRORS)[number];
