// Requests the fetch-style pipeline cannot even represent: a Host header that is not a valid
// authority (`x:99999`, `a b`), a method the WHATWG Request refuses (TRACE, CONNECT, TRACK), or a
// CONNECT, which node:http hands to a separate 'connect' event. They are answered here, with the
// contract's error body, instead of throwing inside the adapter and leaving the socket unanswered.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { AppError } from "@/server/errors/app-error";
import { SCIM_ERROR_SCHEMA } from "@/server/schemas/scim.schema";
import { errorBody } from "./error-response";
import { newRequestId } from "./request-id";

/** The origin to build the Request URL from, or an AppError when the Host header cannot be one. */
export function requestOrigin(req: IncomingMessage): string | AppError {
  // HTTP/1.1 requires Host (RFC 9112 §3.2): node's own check answered an empty 400, so our servers
  // turn it off (equipServer) and refuse here with the error body. HTTP/1.0 may omit it.
  if (req.headers.host === undefined && req.httpVersion === "1.1") {
    return new AppError("host_invalid", "An HTTP/1.1 request needs a Host header", { param: "Host" });
  }
  const host = req.headers.host ?? "localhost";
  try {
    return new URL(`http://${host}`).origin;
  } catch {
    return new AppError("host_invalid", "The Host header is not a valid host name (with an optional port)", { param: "Host" });
  }
}

/**
 * The request target as a path, in place (RFC 9112 §3.2): the absolute form (`GET http://host/v1/deals`,
 * which a server must accept; proxies send it) becomes its path and query, its authority the Host
 * (§3.2.2); the asterisk form and anything else that is not a path is refused (Next answered `GET *`
 * with a bare 500, and redirected the absolute form to itself). Null when the target is usable.
 */
export function normalizeRequestTarget(req: IncomingMessage): AppError | null {
  const target = req.url ?? "/";
  if (target.startsWith("/")) return null;
  if (/^https?:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      req.url = `${url.pathname}${url.search}`;
      req.headers.host = url.host;
      return null;
    } catch {
      /* refused below */
    }
  }
  return new AppError("request_invalid", "The request target must be a path such as /v1/deals (or an absolute http URL)");
}

const FETCH_FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

export function methodRefusal(method: string | undefined): AppError | null {
  if (method && !FETCH_FORBIDDEN_METHODS.has(method.toUpperCase())) return null;
  return new AppError("method_not_allowed", `${method ?? "This method"} is not supported by this API`);
}

function payload(err: AppError): { requestId: string; text: string } {
  const requestId = newRequestId();
  return { requestId, text: JSON.stringify(errorBody(err, requestId)) };
}

/** `path`: the request target; a directory's (/scim/v2…) gets SCIM's error shape (contract section 20). */
export function sendRefusal(res: ServerResponse, err: AppError, path?: string, headers: Record<string, string> = {}): void {
  const scim = path !== undefined && SCIM_PATH.test(path);
  const { requestId, text } = scim ? scimPayload(err) : payload(err);
  res.writeHead(err.status, {
    ...headers,
    "Content-Type": scim ? "application/scim+json" : "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Request-Id": requestId,
    Connection: "close",
  });
  res.end(text);
}

/**
 * Answers a request no WHATWG Request can carry (a Host that is no authority, TRACE, TRACK) with the
 * refusal, whatever its path; true when it did. Every door puts this in front of Next's handler, which
 * would otherwise throw building its Request and answer a bare 500.
 */
export function refuseUnrepresentable(req: IncomingMessage, res: ServerResponse): boolean {
  const target = normalizeRequestTarget(req);
  const origin = requestOrigin(req);
  const refusal = target ?? (origin instanceof AppError ? origin : methodRefusal(req.method));
  if (!refusal) return false;
  sendRefusal(res, refusal, req.url);
  return true;
}

/** node:http's 'connect' event: a CONNECT request gets a 405 on its raw socket, then the socket closes. */
function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  const { requestId, text } = payload(methodRefusal("CONNECT")!);
  socket.on("error", () => {});
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n` +
      `X-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/**
 * node:http's 'upgrade' (a WebSocket or h2c request): nothing here upgrades, so it is a 400 with the
 * error body (node dropped the socket without an answer; Next's server could keep it open for minutes).
 * Next's development server keeps its own (/_next/…: hot reload): `next` is told to take those.
 */
export function refuseUpgrade(_req: IncomingMessage, socket: Duplex): void {
  const refusal = new AppError("request_invalid", "This server does not upgrade connections (no WebSocket, no h2c): send a plain HTTP/1.1 request");
  const { requestId, text } = payload(refusal);
  socket.on("error", () => {});
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n` +
      `X-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/** Next's own upgrades (its development server's hot reload) stay Next's. */
export function isNextUpgrade(req: IncomingMessage): boolean {
  return (req.url ?? "").startsWith("/_next/");
}

/**
 * node:http's 'clientError': bytes that are not HTTP the parser accepts (an unknown method such as
 * TRACK, a malformed request line, oversized headers). Answered with the error body instead of
 * node's bare "400 Bad Request", then the socket closes.
 */
function refuseClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (answered.has(socket)) return; // the rest of a request already refused: being drained
  if (!socket.writable || (err.code === "ECONNRESET")) return void socket.destroy();
  // Pipelined requests: a valid one before the bad bytes is still being answered. Its answer goes
  // first, then this refusal (written now, it would jump ahead and the connection close under it).
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (inFlight && !inFlight.writableFinished) {
    const after = () => refuseClientError(err, socket);
    inFlight.once("finish", after);
    inFlight.once("close", () => {
      inFlight.off("finish", after);
      if (!inFlight.writableFinished) socket.destroy();
    });
    return;
  }
  const tooLarge = err.code === "HPE_HEADER_OVERFLOW";
  const refusal = tooLarge
    ? new AppError("headers_too_large", "The request headers are too large")
    : new AppError("request_invalid", "The request is not valid HTTP/1.1 (request line, method or headers)");
  const scim = isScimRequest(err);
  const { requestId, text } = scim ? scimPayload(refusal) : payload(refusal);
  const contentType = scim ? "application/scim+json" : "application/json; charset=utf-8";
  socket.on("error", () => {});
  socket.end(
    `HTTP/1.1 ${refusal.status} ${tooLarge ? "Request Header Fields Too Large" : "Bad Request"}\r\nContent-Type: ${contentType}\r\nCache-Control: no-store\r\n` +
      `X-Content-Type-Options: nosniff\r\nX-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
  lingerThenClose(socket);
}

// A directory (contract section 20) is answered in SCIM's error shape even before its request parses:
// the request line is at the start of the bytes node:http was reading.
function isScimRequest(err: NodeJS.ErrnoException): boolean {
  const raw = (err as { rawPacket?: Buffer }).rawPacket;
  return !!raw && /^[A-Za-z]+ \/scim\/v2(?:[/?# ]|$)/i.test(raw.subarray(0, 64).toString("latin1"));
}

const SCIM_PATH = /^\/scim\/v2(?:[/?#]|$)/i;

function scimPayload(err: AppError): { requestId: string; text: string } {
  const text = JSON.stringify({ schemas: [SCIM_ERROR_SCHEMA], status: String(err.status), detail: err.message });
  return { requestId: newRequestId(), text };
}

const answered = new WeakSet<Duplex>();
const LINGER_MS = 5_000;

// A client may still be sending the request we refused (a megabyte of query string): closing at once
// would reset the connection under it, and it would see EPIPE instead of our answer. So, as web
// servers do ("lingering close"), what it still sends is read and dropped until it closes its side,
// for at most LINGER_MS.
function lingerThenClose(socket: Duplex): void {
  answered.add(socket);
  socket.removeAllListeners("data"); // node:http's parser, which would only fail again on each chunk
  socket.on("data", () => {});
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}

/**
 * What node:http answers by itself, answered by us instead, on any server of ours and on Next's
 * (src/server/runtime/front-of-next.ts): CONNECT and bytes that are not HTTP get the error body; a
 * request without Host reaches requestOrigin's refusal (node's was an empty 400); an Expect other than
 * 100-continue is ignored, as RFC 9110 §10.1.1 allows (node's was an empty 417).
 */
export function equipServer(server: Server): void {
  (server as Server & { requireHostHeader: boolean }).requireHostHeader = false;
  if (server.listenerCount("connect") === 0) server.on("connect", refuseConnect);
  if (server.listenerCount("clientError") === 0) server.on("clientError", refuseClientError);
  if (server.listenerCount("checkExpectation") === 0) server.on("checkExpectation", (req, res) => server.emit("request", req, res));
  if (server.listenerCount("upgrade") === 0) server.on("upgrade", refuseUpgrade);
}
