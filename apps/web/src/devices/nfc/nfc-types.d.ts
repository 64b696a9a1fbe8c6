// The few Web NFC types the adapter uses (W3C Web NFC, Chrome on Android 89+). @types/w3c-web-nfc
// is not installed in this workspace; these follow its declarations and the spec's IDL.

interface NDEFRecordInit {
  recordType: string;
  mediaType?: string;
  id?: string;
  encoding?: string;
  lang?: string;
  data?: string | BufferSource | NDEFMessageInit;
}

interface NDEFMessageInit {
  records: NDEFRecordInit[];
}

interface NDEFRecord {
  readonly recordType: string;
  readonly mediaType?: string | null;
  readonly id?: string | null;
  readonly data?: DataView | null;
  readonly encoding?: string | null;
  readonly lang?: string | null;
}

interface NDEFMessage {
  readonly records: readonly NDEFRecord[];
}

interface NDEFReadingEvent extends Event {
  readonly serialNumber: string;
  readonly message: NDEFMessage;
}

interface NDEFScanOptions {
  signal?: AbortSignal;
}

interface NDEFWriteOptions {
  overwrite?: boolean;
  signal?: AbortSignal;
}

interface NDEFReader extends EventTarget {
  onreading: ((this: NDEFReader, event: NDEFReadingEvent) => unknown) | null;
  onreadingerror: ((this: NDEFReader, event: Event) => unknown) | null;
  scan(options?: NDEFScanOptions): Promise<void>;
  write(message: string | NDEFMessageInit, options?: NDEFWriteOptions): Promise<void>;
}

// eslint-disable-next-line no-var -- a browser global, declared the way lib.dom declares its classes
declare var NDEFReader: {
  prototype: NDEFReader;
  new (): NDEFReader;
};
