// Which entry point runs this process. Our own server (`npm start`, `npm run dev`: scripts/start.ts)
// sets up the database and the background work itself before Next loads; under Next's own server
// (`next start`) src/instrumentation.ts does it. One flag on globalThis, because Next's bundle holds
// its own copy of this module.
const role = globalThis as unknown as { perkwayOwnServer?: boolean };

/** Called by scripts/start.ts before Next is prepared. */
export function markOwnServer(): void {
  role.perkwayOwnServer = true;
}

export function isOwnServer(): boolean {
  return role.perkwayOwnServer === true;
}
