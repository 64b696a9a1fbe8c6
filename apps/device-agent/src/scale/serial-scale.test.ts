import { SerialPortMock } from 'serialport';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import { SerialScale } from './serial-scale.js';

async function waitFor(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('SerialScale', () => {
  let scale: SerialScale | null = null;
  afterEach(async () => {
    await scale?.close();
    SerialPortMock.binding.reset();
  });

  function open(path: string, now?: () => number) {
    const ports: SerialPortMock[] = [];
    scale = new SerialScale({
      scaleId: 'bench',
      path,
      baudRate: 9600,
      logger: silentLogger,
      openPort: (options) => {
        const port = new SerialPortMock(options);
        ports.push(port);
        return port;
      },
      staleAfterMs: 1_000,
      reopenAfterMs: 20,
      ...(now ? { now } : {}),
    });
    scale.open();
    return ports;
  }

  it('forgets a reading the scale stopped repeating', async () => {
    SerialPortMock.binding.createPort('/dev/ttyS-stale');
    let now = 0;
    const ports = open('/dev/ttyS-stale', () => now);
    await waitFor(() => ports[0]?.isOpen === true);
    ports[0]!.port!.emitData('ST,GS,+0002.500kg\r\n');
    await waitFor(() => scale!.read().weightKg === 2.5);
    now = 1_000;
    expect(scale!.read()).toEqual({ weightKg: 2.5, isStable: true });
    now = 1_001;
    expect(scale!.read()).toEqual({ weightKg: null, isStable: false });
  });

  it('reopens the port after it closes, and reads again', async () => {
    SerialPortMock.binding.createPort('/dev/ttyS-drop');
    const ports = open('/dev/ttyS-drop');
    await waitFor(() => ports[0]?.isOpen === true);
    ports[0]!.port!.emitData('ST,GS,+0001.000kg\r\n');
    await waitFor(() => scale!.read().weightKg === 1);

    // The cable is pulled: no reading, then a new port once it is back.
    await new Promise<void>((resolve) => ports[0]!.close(() => resolve()));
    expect(scale!.read()).toEqual({ weightKg: null, isStable: false });
    await waitFor(() => ports[1]?.isOpen === true);
    ports[1]!.port!.emitData('ST,GS,+0003.000kg\r\n');
    await waitFor(() => scale!.read().weightKg === 3);
  });

  it('keeps retrying a port that does not exist yet', async () => {
    const ports = open('/dev/ttyS-later');
    await waitFor(() => ports.length >= 2);
    expect(ports.every((port) => !port.isOpen)).toBe(true);
    SerialPortMock.binding.createPort('/dev/ttyS-later');
    await waitFor(() => ports.some((port) => port.isOpen));
  });
});
