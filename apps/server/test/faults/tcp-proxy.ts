import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL, so a test can lose the database abruptly without
 * stopping the machine's PostgreSQL: `cut()` resets every open connection and refuses new
 * ones (each is reset at once) until `restore()`.
 */
export class TcpProxy {
  readonly #target: { host: string; port: number };
  readonly #server: net.Server;
  readonly #sockets = new Set<net.Socket>();
  #isCut = false;

  constructor(target: { host: string; port: number }) {
    this.#target = target;
    this.#server = net.createServer((client) => this.#accept(client));
  }

  /** Listens on a free port of 127.0.0.1; answers that port. */
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    if (address === null || typeof address === 'string') throw new Error('proxy not listening');
    return address.port;
  }

  #accept(client: net.Socket): void {
    if (this.#isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(this.#target.port, this.#target.host);
    this.#sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.#sockets.delete(client);
      this.#sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** Resets every connection through the proxy and refuses new ones. */
  cut(): void {
    this.#isCut = true;
    for (const socket of this.#sockets) socket.resetAndDestroy();
    this.#sockets.clear();
  }

  restore(): void {
    this.#isCut = false;
  }

  get openConnections(): number {
    return this.#sockets.size;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
