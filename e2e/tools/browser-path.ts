// Which Chromium the browser suite drives when CHROMIUM_PATH is not set: Debian's headless shell
// (package chromium-headless-shell, the "old headless" build Playwright itself prefers for headless
// runs: no browser UI underneath, ~25% less CPU per journey on 2 cores than the full browser in
// headless mode), else Debian's full chromium. Never a downloaded browser.
import fs from "node:fs";

const CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? CANDIDATES.find((p) => fs.existsSync(p)) ?? CANDIDATES[1];
}
