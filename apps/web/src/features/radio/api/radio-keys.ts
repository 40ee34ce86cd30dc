/**
 * Query keys of the radio (one factory; invalidations reuse them). An admin's change refreshes
 * the listeners' stations too (`['radio']`), since the admin may open the station's page next.
 */
export const radioKeys = {
  all: ['radio'] as const,
  stations: () => [...radioKeys.all, 'stations'] as const,
  station: (slug: string) => [...radioKeys.all, 'station', slug] as const,
  admin: ['admin', 'radio'] as const,
  adminList: () => [...radioKeys.admin, 'list'] as const,
  adminStation: (id: number) => [...radioKeys.admin, 'station', id] as const,
  /** The channels the built-in station may rotate (the catalogue's admin list, first 100). */
  channels: () => [...radioKeys.admin, 'channels'] as const,
};
