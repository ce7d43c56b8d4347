// process.exit() drops whatever stdout and stderr still hold: writes to a pipe that is full (64 KiB
// on Linux, a reader slower than the writer) are queued and lost at exit, so `cli … | jq` received
// the first 65,536 bytes of a 135 KB document (issue 44, item 19). An empty write's callback runs
// once everything written before it has been handed to the operating system.
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) return resolve();
    stream.write("", () => resolve());
  });
}

/** Exits with `code` once stdout and stderr have been written out. */
export async function exitAfterOutput(code: number): Promise<never> {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}
