// A second instance of the member sign-in handlers in its own process (same database), for the
// tests that a hand-off token is single use across instances. Prints one JSON line: { url }.
import { startSignInServer } from "./member-sign-in-server";

const { url } = await startSignInServer();
process.stdout.write(JSON.stringify({ url }) + "\n");
