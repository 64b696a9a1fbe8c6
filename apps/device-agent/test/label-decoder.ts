// The independent reader of printed labels: poppler's pdftoppm rasterises the PDF the
// agent wrote, zbar's zbarimg reads the barcode back. Neither is our code.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

function hasTool(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether pdftoppm and zbarimg are installed (Debian: poppler-utils, zbar-tools). */
export const HAS_DECODER = hasTool('pdftoppm') && hasTool('zbarimg');

/** In CI a missing decoder is a failure, not a skip. */
export const IS_CI = Boolean(process.env.CI);

/** Decoding tests run when the tools are there, and always in CI (where they then fail). */
export const SHOULD_DECODE = HAS_DECODER || IS_CI;

if (!SHOULD_DECODE) {
  console.warn(
    'SKIPPED decoding the agent’s PDFs: pdftoppm and zbarimg are missing ' +
      '(apt-get install poppler-utils zbar-tools); in CI they are required.',
  );
}

/**
 * What zbarimg reads on each page of the PDF, rasterised at 203 dpi (the resolution of the
 * common thermal label printers), one entry per page.
 */
export async function decodePdfPages(pdfPath: string): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agent-decode-'));
  try {
    await run('pdftoppm', ['-r', '203', '-png', pdfPath, path.join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((file) => file.endsWith('.png')).sort();
    const decoded: string[] = [];
    for (const page of pages) {
      const { stdout } = await run('zbarimg', ['--raw', '-q', path.join(dir, page)]);
      decoded.push(stdout.replace(/\n$/, ''));
    }
    return decoded;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
