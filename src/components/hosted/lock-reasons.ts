// Why a member cannot redeem a deal, in words. The words live in one place for the hosted app and
// the portal (src/server/domain/visibility/reason-words.ts); this is the hosted app's face of them.
import { memberLockText, memberLockTitle, type MemberLock } from "@/server/domain/visibility/reason-words";

export type LockReason = MemberLock;

export const lockTitle = (lock: LockReason): string => memberLockTitle(lock);
export const lockText = (lock: LockReason, opts?: { askProfile?: boolean }): string => memberLockText(lock, opts);
