import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { deviceConnectSources, inlineScriptHashes } from './security-headers.js';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('security headers', () => {
  it('hashes each inline script exactly as written, and no external one', () => {
    const note = '\n      (function () { var p = "Ваш браузер устарел"; })();\n    ';
    const html = `<head><script>${note}</script>
      <script type="module" crossorigin src="/assets/index-1.js"></script>
      <SCRIPT type="text/javascript">x()</SCRIPT></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(note), sha256('x()')]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });

  it('lets the app connect to the device agent on the loopback and wherever the configuration names it', () => {
    const loopback = [
      'ws://localhost:*',
      'http://localhost:*',
      'ws://127.0.0.1:*',
      'http://127.0.0.1:*',
    ];
    expect(deviceConnectSources(loadConfig({}))).toEqual(loopback);
    const moved = loadConfig({
      PRINTER_SERVICE_URL: 'wss://agent.example:6000/printer',
      SCALE_SERVICE_URL: 'http://127.0.0.1:6001',
      PRINTING_HUB_URL: 'https://hub.example:8443/printersHub',
    });
    expect(deviceConnectSources(moved)).toEqual([
      ...loopback,
      'wss://agent.example:6000',
      'https://hub.example:8443',
      'wss://hub.example:8443',
    ]);
  });
});
