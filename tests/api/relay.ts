import net from "node:net";

export interface Relay {
  /** `target` with the relay's address in place of its host and port. */
  url: string;
  /** Every connection dropped, new ones refused: the service is down. */
  cut(): Promise<void>;
  /** Every connection dropped, new ones accepted and never answered: a network partition. */
  blackHole(): void;
  /** Relaying again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP relay to the service at `target` (a URL such as redis://… or postgres://…) that a test can cut or black-hole. */
export async function cuttableRelay(target: URL, defaultPort: number): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  let swallowing = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  };
  const server = net.createServer((inbound) => {
    track(inbound);
    if (swallowing) return;
    const outbound = net.connect(Number(target.port || defaultPort), target.hostname);
    track(outbound);
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      dropAll();
    });
  const relayed = new URL(target);
  relayed.host = `127.0.0.1:${port}`;
  return {
    url: relayed.toString(),
    cut: stop,
    blackHole() {
      swallowing = true;
      dropAll();
    },
    restore: async () => {
      swallowing = false;
      if (!server.listening) await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
