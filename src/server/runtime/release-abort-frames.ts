// An aborted signal keeps its reason, and an Error whose `stack` nobody has read keeps V8's captured
// frames, each frame holding its receiver. React's server renderer aborts every finished render's
// `cacheController` with a fresh Error ("This render completed successfully…"), created inside a
// setImmediate callback: the frame's receiver is that Immediate, and Node never unlinks a run Immediate
// from the ones after it (`_idleNext`), each of which holds the render of its own request as its
// AsyncLocalStorage store — whose abort reason holds the next Immediate, and so on. A database client
// or a timer created during one render roots that chain: after a minute of member traffic, ~275 renders
// and their React caches (32 MB of a 155 MB heap) stayed alive (docs/decisions/lean-server.md §11).
// Reading `stack` once, when the reason is handed to abort(), formats it into a string and drops the
// frames: the reason stays just as useful, and nothing it held is kept.
const installed = Symbol.for("perkway.releaseAbortFrames");

export function releaseAbortReasonFrames(): void {
  const proto = AbortController.prototype as AbortController & { [installed]?: true };
  if (proto[installed]) return;
  const abort = proto.abort;
  Object.defineProperty(proto, "abort", {
    configurable: true,
    writable: true,
    value: function abortReleasingFrames(this: AbortController, reason?: unknown) {
      if (reason instanceof Error) void reason.stack;
      return abort.call(this, reason);
    },
  });
  Object.defineProperty(proto, installed, { value: true });
}
