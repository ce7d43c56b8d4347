// The product's own request listener (src/server/server.ts: /v1, /events/track, /r/{click_id}, …)
// on a random local port, with a stand-in for Next (404) behind it: real HTTP to the lean paths
// without building the app.
import { productRequestListener } from "@/server/server";
import { listenHttp } from "@/server/http/request-listener";

export async function startProductServer() {
  return listenHttp(
    productRequestListener((_req, res) => {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("next stand-in\n");
    }),
  );
}
