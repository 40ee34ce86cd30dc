import { useSearchParams } from 'react-router';
import { useHasBackstageAccess } from '#src/lib/active-workspace';
import { useTrans } from '#src/lib/i18n';
import { Select } from '#src/ui/select';
import { useMyArtists } from '../api/list-my-artists';

/**
 * The artist a backstage page works on: `?artist=` when it is one of the user's, else their first.
 * The server checks the link again on every call; this only picks what to show. `missing` is an
 * artist the address names that this workspace does not hold (another of the user's may).
 */
export function useCurrentArtist() {
  const hasBackstageAccess = useHasBackstageAccess();
  const artists = useMyArtists(hasBackstageAccess);
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('artist'));
  const list = artists.data ?? [];
  const current = list.find((a) => a.id === wanted) ?? list[0] ?? null;
  const missing =
    artists.isSuccess && Number.isInteger(wanted) && wanted > 0 && !list.some((a) => a.id === wanted)
      ? wanted
      : null;
  const choose = (id: number) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('artist', String(id));
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  return {
    artists: list,
    current,
    choose,
    missing,
    isPending: artists.isPending && hasBackstageAccess,
  };
}

export function ArtistSwitch({ state }: { state: ReturnType<typeof useCurrentArtist> }) {
  const { trans } = useTrans();
  if (state.artists.length < 2 || !state.current) return null;
  return (
    <Select
      label={trans('Artist')}
      className="w-56"
      items={state.artists.map((a) => ({ id: a.id, label: a.name }))}
      selectedKey={state.current.id}
      onSelectionChange={(key) => key !== null && state.choose(Number(key))}
    />
  );
}
