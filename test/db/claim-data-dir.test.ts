// The embedded database's folder lock (claimDataDir): one process opens PGlite's files, whatever
// else starts at the same moment. Real processes and a real folder.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claimDataDir } from "@/server/db/embedded";

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-claim-"));
  dirs.push(dir);
  return dir;
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(r.stdout);
}

/** A process that stays alive until the test ends. */
function livePid(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
}

const ownerFile = (dir: string) => path.join(dir, "owner.pid");

describe("claimDataDir", () => {
  it("claims a free folder with its pid in the file, leaves nothing else behind, and releases it", () => {
    const dir = tempDir();
    const release = claimDataDir(dir);
    expect(release).not.toBeNull();
    expect(fs.readFileSync(ownerFile(dir), "utf8")).toBe(String(process.pid));
    expect(fs.readdirSync(dir)).toEqual(["owner.pid"]);
    release!();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("refuses a folder a live process holds, and takes over one a dead process left", () => {
    const held = tempDir();
    fs.writeFileSync(ownerFile(held), String(livePid()));
    expect(claimDataDir(held)).toBeNull();

    const left = tempDir();
    fs.writeFileSync(ownerFile(left), String(deadPid()));
    const release = claimDataDir(left);
    expect(release).not.toBeNull();
    expect(fs.readFileSync(ownerFile(left), "utf8")).toBe(String(process.pid));
    expect(fs.readdirSync(left)).toEqual(["owner.pid"]);
  });

  it("takes an empty claim for one being written while it is recent, and for a leftover once it is old", () => {
    const dir = tempDir();
    fs.writeFileSync(ownerFile(dir), "");
    expect(claimDataDir(dir)).toBeNull();
    const minuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(ownerFile(dir), minuteAgo, minuteAgo);
    expect(claimDataDir(dir)).not.toBeNull();
    expect(fs.readFileSync(ownerFile(dir), "utf8")).toBe(String(process.pid));
  });

  it("does not remove a claim that is no longer its own when it releases", () => {
    const dir = tempDir();
    const release = claimDataDir(dir)!;
    const other = String(livePid());
    fs.writeFileSync(ownerFile(dir), other); // taken over meanwhile (this process was judged dead)
    release();
    expect(fs.readFileSync(ownerFile(dir), "utf8")).toBe(other);
  });

  // Processes that load the module, wait for the same instant, claim, and hold the claim until every
  // one has answered (their stdin closes then): a slow starter on a busy machine never claims after
  // the winner let go.
  async function race(dir: string, processes: number): Promise<string[]> {
    const startAt = Date.now() + 2_500;
    const script = `
      const { claimDataDir } = await import(${JSON.stringify(path.resolve("src/server/db/embedded.ts"))});
      while (Date.now() < ${startAt}) {}
      const release = claimDataDir(${JSON.stringify(dir)});
      process.stdout.write(release ? "claimed" : "refused");
      process.stdin.resume();
      process.stdin.on("end", () => { release?.(); process.exit(0); });
    `;
    const started = Array.from({ length: processes }, () => {
      const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { env: { ...process.env, PERKWAY_DATA_DIR: dir } });
      children.push(child);
      let out = "";
      const answered = new Promise<string>((resolve) => {
        child.stdout!.on("data", (d) => ((out += d), resolve(out.trim())));
        child.on("exit", () => resolve(out.trim()));
      });
      child.stderr!.on("data", (d) => (out += d));
      return { child, answered, exited: new Promise<void>((resolve) => child.on("exit", () => resolve())) };
    });
    const outcomes = await Promise.all(started.map((s) => s.answered));
    for (const s of started) s.child.stdin!.end();
    await Promise.all(started.map((s) => s.exited));
    return outcomes;
  }

  it("gives the folder to exactly one of several processes claiming it at the same instant", async () => {
    const free = tempDir();
    const first = await race(free, 6);
    expect(first.filter((o) => o === "claimed"), first.join(", ")).toHaveLength(1);
    expect(first.filter((o) => o === "refused")).toHaveLength(5);

    // The same over a dead process's claim: several see it stale, one takes it.
    const stale = tempDir();
    fs.writeFileSync(ownerFile(stale), String(deadPid()));
    const second = await race(stale, 6);
    expect(second.filter((o) => o === "claimed"), second.join(", ")).toHaveLength(1);
    expect(fs.existsSync(ownerFile(stale))).toBe(false); // released by its holder
  }, 60_000);
});
