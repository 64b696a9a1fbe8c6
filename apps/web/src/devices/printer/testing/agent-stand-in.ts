// A stand-in for the device agent's local printer websocket (spec part 1 §7), node only: a real
// `ws` server answering version, state, selectPrinter and print like the agent does.
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { LocalPrinterRequest, LocalPrinterResponse } from '@sorting/contracts';

/** A stand-in for the device agent's local socket, answering like the agent would. */
export async function startAgent() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const received: LocalPrinterRequest[] = [];
  const closes: { code: number; reason: string }[] = [];
  let connections = 0;
  let selectedPrinterId: string | null = 'zebra-1';
  const sockets = new Set<ServerSocket>();
  wss.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', (code, reason) => {
      sockets.delete(socket);
      closes.push({ code, reason: reason.toString() });
    });
    socket.on('message', (data) => {
      const request = JSON.parse(data.toString()) as LocalPrinterRequest;
      received.push(request);
      const reply = (message: LocalPrinterResponse) => socket.send(JSON.stringify(message));
      switch (request.action) {
        case 'version':
          reply({ action: 'version', version: '1.0.0', appId: 'agent-7' });
          break;
        case 'state':
          reply({
            action: 'state',
            appId: 'agent-7',
            printers: [
              { id: 'zebra-1', name: 'Zebra', output: 'pdf-folder', isReady: true },
              { id: 'office', name: 'Office', output: 'cups', isReady: true },
            ],
            selectedPrinterId,
            isReady: true,
          });
          break;
        case 'selectPrinter':
          selectedPrinterId = request.printerId;
          reply({
            action: 'selectPrinter',
            isSuccess: true,
            printerId: request.printerId,
            message: null,
          });
          break;
        case 'print':
          reply({
            action: 'print',
            isSuccess: true,
            jobId: `local-${received.length}`,
            message: null,
          });
          break;
      }
    });
  });
  const { port } = wss.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    received,
    closes,
    connections: () => connections,
    setSelected(id: string | null) {
      selectedPrinterId = id;
    },
    dropAll() {
      for (const socket of sockets) socket.terminate();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.terminate();
        wss.close(() => resolve());
      }),
  };
}
