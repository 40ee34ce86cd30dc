// Types of cluster.mjs, for the TypeScript that imports it (the cluster test).
import type { ChildProcess } from 'node:child_process';

export const UNIT_FILE: string;
export const SITE_FILE: string;
export const S3_ACCEL_PREFIX: string;
/** Debian's nginx binary, undefined when it is not installed. */
export const NGINX: string | undefined;

export function freePort(): Promise<number>;
/** Whether apps/server/dist is built from the current sources. */
export function bundleIsFresh(): boolean;
/** The options of each `server` line of the upstream (default `max_fails=1 fail_timeout=5s`). */
export const UPSTREAM_OPTIONS: string;

export type Unit = {
  /** The unit's Environment= assignments for the instance on `port` (`%i` replaced). */
  env(port: number): Record<string, string>;
  killSignal: NodeJS.Signals;
  timeoutStopSec: number;
  /** The script ExecStart runs, relative to the checkout. */
  script: string;
};
export function readUnit(path?: string): Unit;
export function fillSite(text: string, values: Record<string, string>): string;

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ClusterInstance = {
  /** 1, 2, … */
  index: number;
  port: number;
  /** The instance itself, bypassing nginx. */
  url: string;
  dataDir: string;
  child: ChildProcess | null;
  readonly pid: number | undefined;
  readonly running: boolean;
  /** Settles when the current process exits. */
  exited: Promise<Exit>;
  /** The last lines the current process printed. */
  output(): string;
  /** Starts the process (if not running) and resolves once its /ready answers 200. */
  start(): Promise<void>;
  /** Sends `signal` (default the unit's KillSignal); SIGKILL after TimeoutStopSec; resolves on exit. */
  kill(signal?: NodeJS.Signals): Promise<Exit>;
  /** A graceful stop, then a start; resolves once ready with how the old process ended. */
  restart(): Promise<Exit>;
};

export type ClusterOptions = {
  /** Default 2. */
  instances?: number;
  /** nginx's port; default a free one. */
  port?: number;
  /** Where nginx listens and what APP_URL names; default 127.0.0.1. */
  host?: string;
  databaseUrl: string;
  redisUrl: string;
  /** S3_* of an existing store; unset: an s3rver peer with its objects in `dir/s3`. */
  s3Env?: Record<string, string>;
  /** The peer's port (default a free one). */
  s3Port?: number;
  /** Instance data folders, the nginx prefix and the peer's objects; default a new temporary folder. */
  dir?: string;
  /** The instances' entry (default the unit's ExecStart script); a `.ts` one runs through tsx. */
  server?: string;
  /** More environment for every instance (LOG_LEVEL, ADMIN_PASSWORD…), applied last. */
  env?: Record<string, string>;
  /** Shared by every instance; default a random one (sessions survive, OAuth cookies verify). */
  appKey?: string;
  /** Every line the instances (instance) and nginx (null) print. */
  onOutput?: (line: string, instance: ClusterInstance | null) => void;
  /** Progress lines. */
  log?: (line: string) => void;
  /** The options of each upstream `server` line; default UPSTREAM_OPTIONS. */
  upstreamOptions?: string;
};

export type Cluster = {
  /** nginx: what a browser opens (and every instance's APP_URL). */
  url: string;
  dir: string;
  instances: ClusterInstance[];
  s3: { endpoint: string; bucket: string; started: boolean };
  nginx: { pid: number | undefined; prefix: string; conf: string; site: string };
  unit: Unit;
  /** Stops nginx (gracefully), the instances (the unit's way) and the peer this started. */
  stop(): Promise<void>;
};

export function startCluster(options: ClusterOptions): Promise<Cluster>;
