// The load generator of bench:events (bench/support/keep-alive-load.ts) against a real node:http
// server: every request is sent once and answered in order per connection, answers split across
// TCP chunks or arriving together are read whole, and a server that hangs up is counted as a
// failure instead of a hang.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { encodeRequests, runKeepAliveLoad, type LoadAnswer } from "../../bench/support/keep-alive-load";

let server: http.Server | null = null;

async function serve(listener: http.RequestListener): Promise<string> {
  server = http.createServer(listener);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

describe("runKeepAliveLoad", () => {
  it("sends each request once and reads each answer whole, whatever the chunking", async () => {
    const seen: string[] = [];
    let connections = 0;
    const base = await serve((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push(body);
        const { n } = JSON.parse(body) as { n: number };
        const answer = Buffer.from(JSON.stringify({ echo: n, pad: "é".repeat(n % 7 === 0 ? 5000 : 3) }));
        res.writeHead(n % 5 === 0 ? 400 : 202, { "content-type": "application/json", "content-length": answer.length });
        // Headers and the body's first bytes now, the rest 2 ms later: the answer arrives in two reads.
        res.flushHeaders();
        res.write(answer.subarray(0, 7));
        setTimeout(() => res.end(answer.subarray(7)), 2);
      });
    });
    server!.on("connection", () => connections++);
    const wire = encodeRequests(
      base,
      Array.from({ length: 60 }, (_, n) => ({ method: "POST", path: "/x", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }) })),
    );
    const answers: [LoadAnswer, number][] = [];
    const result = await runKeepAliveLoad(base, wire, 4, (answer, i) => answers.push([answer, i]));

    expect(result.answers).toBe(60);
    expect(result.failures).toBe(0);
    expect(connections).toBe(4);
    expect(seen.map((b) => (JSON.parse(b) as { n: number }).n).sort((a, b) => a - b)).toEqual([...Array(60).keys()]);
    for (const [answer, i] of answers) {
      const body = JSON.parse(answer.body) as { echo: number; pad: string };
      expect(body.echo).toBe(i);
      expect(answer.status).toBe(i % 5 === 0 ? 400 : 202);
      expect(body.pad.length).toBe(i % 7 === 0 ? 5000 : 3);
    }
    expect([...result.latenciesMs].every((ms) => ms > 0)).toBe(true);
  });

  it("counts a connection the server hangs up as a failure and goes on with the others", async () => {
    let calls = 0;
    const base = await serve((req, res) => {
      req.resume();
      req.on("end", () => {
        if (++calls === 3) return req.socket.destroy();
        res.writeHead(202, { "content-length": 2 }).end("{}");
      });
    });
    const wire = encodeRequests(base, Array.from({ length: 10 }, () => ({ method: "POST", path: "/x", headers: {}, body: "{}" })));
    const result = await runKeepAliveLoad(base, wire, 2, () => {});
    expect(result.failures).toBe(1);
    // The other connection takes every request left: only the one in flight on the dead one is lost.
    expect(result.answers).toBe(9);
    // Every answered request has its latency; the one cut off has none among them.
    expect([...result.latenciesMs.subarray(0, result.answers)].every((ms) => ms > 0)).toBe(true);
  });
});
