import { type ChannelContentType, msg } from '@zema/contracts';
import type { ChannelItemRef } from '@zema/contracts/admin';
import { ImageIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTrans } from '#src/lib/i18n';
import { SearchableSelect } from '#src/ui/select';
import { useDebouncedValue } from '#src/ui/use-debounced-value';
import { useChannelItemSearch } from '../api/search-channel-items';

const SEARCH_DEBOUNCE_MS = 250;

export const CHANNEL_PICKER_LABELS: Record<ChannelContentType, string> = {
  track: msg('Add a track'),
  album: msg('Add an album'),
  artist: msg('Add an artist'),
  genre: msg('Add a genre'),
  channel: msg('Add a channel'),
};

/**
 * The channel editor's search-as-you-type: items of the channel's content type by name, from the
 * server (a catalogue does not fit in a list), each with its picture and artists. Items already
 * chosen are not offered again; a choice clears the field for the next one.
 */
export function ChannelItemPicker({
  type,
  chosen,
  onPick,
  errorMessage,
  excludeId,
}: {
  type: ChannelContentType;
  chosen: ChannelItemRef[];
  onPick: (item: ChannelItemRef) => void;
  errorMessage?: string;
  /** The channel being edited: a channel of channels never shows itself. */
  excludeId?: number;
}) {
  const { trans } = useTrans();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useChannelItemSearch(type, query);
  const taken = useMemo(() => new Set(chosen.map((c) => c.id)), [chosen]);
  // Nothing to offer before something is typed (SearchableSelect's isRemote keeps it shut).
  const options = useMemo(
    () =>
      (text.trim() ? (search.data ?? []) : [])
        .filter((item) => !taken.has(item.id) && !(type === 'channel' && item.id === excludeId))
        .map((item) => ({
          id: item.id,
          label: item.name,
          description: item.subtitle ?? undefined,
          icon: item.image ? (
            <img src={item.image} alt="" className="size-8 rounded object-cover" />
          ) : (
            <ImageIcon className="size-4" />
          ),
          item,
        })),
    [search.data, taken, text, type, excludeId],
  );
  return (
    <SearchableSelect
      isRemote
      menuTrigger="input"
      label={trans(CHANNEL_PICKER_LABELS[type])}
      placeholder={trans('Search by name…')}
      items={options}
      inputValue={text}
      onInputChange={setText}
      selectedKey={null}
      onSelectionChange={(key) => {
        // A list closed without a choice (Escape, or the page scrolling under it: React Aria
        // closes a popover on scroll) empties the field too: with the text and the selection both
        // controlled, a field left with text would open its list again at once.
        const option = options.find((o) => o.id === key);
        if (option) onPick(option.item);
        setText('');
      }}
      errorMessage={errorMessage}
      description={trans('Type to search; choose with the arrow keys and Enter.')}
    />
  );
}
