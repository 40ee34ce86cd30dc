/**
 * The part of tar-stream 3 (the tar engine of archiver, installed with it) that the backup
 * archive uses; the package ships no types. Its streams are streamx streams, which pipe to and from
 * Node's and iterate asynchronously like them.
 */
declare module 'tar-stream' {
  import type { Readable, Writable } from 'node:stream';

  export type EntryType =
    | 'file'
    | 'link'
    | 'symlink'
    | 'character-device'
    | 'block-device'
    | 'directory'
    | 'fifo'
    | 'contiguous-file'
    | 'pax-header'
    | 'pax-global-header'
    | 'gnu-long-link-path'
    | 'gnu-long-path';

  export type Headers = {
    name: string;
    size?: number;
    mode?: number;
    mtime?: Date;
    type?: EntryType | null;
    linkname?: string | null;
  };

  export interface Pack extends Readable {
    /** Adds an entry of these bytes; the callback runs once it is in the archive. */
    entry(headers: Headers, buffer: Buffer, callback?: (err?: Error | null) => void): Writable;
    /** Adds an entry whose `size` bytes are written to (or piped into) the stream returned. */
    entry(headers: Headers, callback?: (err?: Error | null) => void): Writable;
    finalize(): void;
  }

  /** One entry of an archive being read: its header and a stream of its bytes. */
  export interface Entry extends Readable {
    header: Headers;
  }

  export interface Extract extends Writable, AsyncIterable<Entry> {}

  export function pack(): Pack;
  export function extract(): Extract;
}
