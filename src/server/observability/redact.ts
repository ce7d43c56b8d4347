// What must never reach a log line (secrets in values the code did not expect: an error message
// quoting a URL, a header echoed by a library). Applied to every serialized line, after pino's
// key-based redaction (logger.ts), as the last line of defence.
const PATTERNS: [RegExp, string][] = [
  [/\b(sk|pk)_(live|test)_[A-Za-z0-9]{8,}/g, "$1_$2_[redacted]"], // API keys
  [/\bwhsec_[A-Za-z0-9_-]{8,}/g, "whsec_[redacted]"], // webhook signing secrets
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, "[redacted-jwt]"], // JWTs
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, "$1 [redacted]"],
  // Sign-in, reset and invitation links: the token is in the query or the path.
  [/([?&](?:token|code|t|key|secret|password|signature|sig)=)[^&\s"'\\]+/gi, "$1[redacted]"],
  [/(\/(?:auth\/magic|set-password|reset-password|invite)[^\s"'\\?]*\?)[^\s"'\\]+/gi, "$1[redacted]"],
  // Passwords in connection strings (smtp://user:pass@host, postgresql://user:pass@host).
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^:/\s"'@]+:)[^@\s"']+@/gi, "$1[redacted]@"],
];

export function redactSecrets(line: string): string {
  let out = line;
  for (const [re, to] of PATTERNS) out = out.replace(re, to);
  return out;
}

/** Object keys whose values are secrets wherever they appear in a logged object (pino's redact). */
export const SECRET_KEYS = [
  "authorization",
  "cookie",
  "set-cookie",
  "password",
  "new_password",
  "token",
  "jwt_token",
  "private_key",
  "secret",
  "signing_secret",
  "sign_in_url",
  "api_key",
];
