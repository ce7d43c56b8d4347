// A TCP port free on 127.0.0.1 right now, for a server a test starts (PostgreSQL, PgBouncer, the app).
import net from "node:net";

export async function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
