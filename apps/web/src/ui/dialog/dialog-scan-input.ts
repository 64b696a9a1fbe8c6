import { createContext } from 'react';
import type { ScanInput } from '../../devices/scanner/scan-input';

/**
 * The scan input a dialog holds scans from: the shell provides it (ShellServicesProvider), so
 * the kit imports nothing of the shell; a dialog rendered on its own in a test has none. A file
 * of its own: the provider is on the first screen, the dialog is not.
 */
export const DialogScanInputContext = createContext<ScanInput | null>(null);
