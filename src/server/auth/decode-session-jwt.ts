// Portal session cookies sealed before an AUTH_SECRET rotation stay readable for their natural
// lifetime when the old secret is kept as AUTH_SECRET_PREVIOUS (docs/decisions/secret-rotation.md).
// New cookies are sealed with AUTH_SECRET only (next-auth's default encode).
import { decode, type JWTDecodeParams, type JWT } from "next-auth/jwt";
import { previousAuthSecret } from "@/server/crypto/auth-secret";

export async function decodeWithPreviousSecret(params: JWTDecodeParams): Promise<JWT | null> {
  try {
    return await decode(params);
  } catch (err) {
    const previous = previousAuthSecret();
    if (!previous || previous === params.secret) throw err;
    return decode({ ...params, secret: previous });
  }
}
