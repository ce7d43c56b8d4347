export { createMember } from "./create-member";
export { createMembersBatch, type BatchEntryResult } from "./create-members-batch";
export { getMember, findMemberOrThrow, type MemberIdentifier } from "./get-member";
export { listMembers } from "./list-members";
export { updateMember } from "./update-member";
export { deleteMember } from "./delete-member";
export { serializeMember, defaultEligibility } from "./member-data";
