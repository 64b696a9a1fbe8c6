import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP proxy that holds every request `delayMs` before passing it on: the
 * network of a warehouse floor in front of the server ("20 ms added latency").
 * WebSocket upgrades are tunnelled, delayed the same way.
 */
export async function startDelayingProxy(
  targetUrl: string,
  delayMs: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(targetUrl);
  const agent = new http.Agent({ keepAlive: true });
  const sockets = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      setTimeout(() => {
        const upstream = http.request(
          {
            agent,
            host: target.hostname,
            port: target.port,
            method: request.method,
            path: request.url,
            headers: request.headers,
          },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', () => {
          if (!response.headersSent) response.writeHead(502);
          response.end();
        });
        upstream.end(Buffer.concat(chunks));
      }, delayMs);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (request, socket, head) => {
    setTimeout(() => {
      const upstream = net.connect(Number(target.port), target.hostname, () => {
        const lines = [`${request.method} ${request.url} HTTP/1.1`];
        for (let i = 0; i < request.rawHeaders.length; i += 2) {
          lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
        }
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
