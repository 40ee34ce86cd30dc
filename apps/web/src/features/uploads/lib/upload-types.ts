import type { FileEntry } from '@zema/contracts';

/** SPEC §3/§4 upload states. */
export type UploadStatus = 'pending' | 'inProgress' | 'completed' | 'failed' | 'aborted';

/** How one file travels to the server (SPEC §7, chosen by `chooseUploadPath`). */
export type UploadPath = 'plain' | 'tus' | 's3-simple' | 's3-multipart';

/** What the uploads are for, sent with every path (tus metadata, the S3 calls, plain `metadata`). */
export interface UploadMetadata {
  parentId?: number | null;
  uploadType?: string | null;
  disk?: string | null;
  [key: string]: string | number | boolean | null | undefined;
}

/** SPEC §3 upload item, plus what the list shows (speed, time left, the error). */
export interface UploadItem {
  id: string;
  name: string;
  size: number;
  mime: string;
  /** Lower-case, without the dot; null when the name has none. */
  extension: string | null;
  /** The path inside a dropped folder (`Album/01 Intro.mp3`), null for a single file. */
  relativePath: string | null;
  status: UploadStatus;
  /** 0–100. */
  percentage: number;
  bytesUploaded: number;
  path: UploadPath;
  /** Bytes per second over the last few seconds; null until measurable. */
  speed: number | null;
  /** Seconds left at the current speed; null until measurable. */
  timeLeft: number | null;
  /** Why it failed (the server's message, a restriction, 'Upload timed out'). */
  error: string | null;
  /** false when trying again cannot help (a refused type or size). */
  retryable: boolean;
  fileEntry: FileEntry | null;
  /** The step after the transfer while it runs ('Adding to the release'); the item is not done yet. */
  step?: string | null;
}

/** What a transport gets for one try of one file. */
export interface TransportJob {
  item: UploadItem;
  file: File;
  metadata: UploadMetadata;
  /** Aborted on cancel and on stall; `signal.reason` says which. */
  signal: AbortSignal;
  /** Total bytes of this file stored so far (may go down when a chunk is retried). */
  onProgress: (bytesUploaded: number) => void;
}

/**
 * Asked before a file is sent (the server's answer on quota and permission): the refusal to show,
 * and the item fails without a byte sent; null to go on. A rejection fails the item with its error.
 */
export type UploadPreflight = (job: {
  item: UploadItem;
  file: File;
  signal: AbortSignal;
}) => Promise<string | null>;

/**
 * What a finished transfer is for, done before the item counts as uploaded (adding the file to a
 * release): it shows `label` meanwhile, and a rejection fails the item with that error, so a
 * refused step never reads 'Uploaded'. Cleaning up after a refusal is the step's own business.
 */
export interface UploadFollowUp {
  label: string;
  run: (fileEntry: FileEntry, item: UploadItem) => Promise<unknown>;
}

/** Sends one file by one path and resolves with its file entry; rejects with the error to show. */
export type UploadTransport = (job: TransportJob) => Promise<FileEntry>;

export type UploadTransports = Record<UploadPath, UploadTransport>;

/** Timers the engine uses, injectable so tests drive time without the network. */
export interface UploadClock {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export const realClock: UploadClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Abort reasons the engine uses, so a transport can tell a cancel from a stall. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}
/** A preflight's refusal: its message is what the item shows. */
export class UploadRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadRefused';
  }
}
export class UploadStalled extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadStalled';
  }
}
