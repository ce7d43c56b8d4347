// GET|POST /api/auth/* — next-auth's endpoints (csrf, credentials callback, session, sign-out).
import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/next-auth-options";

const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
