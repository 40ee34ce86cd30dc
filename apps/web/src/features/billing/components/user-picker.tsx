import { useMemo, useState } from 'react';
import { useUsersList } from '#src/features/users';
import { useTrans } from '#src/lib/i18n';
import { SearchableSelect } from '#src/ui/select';
import { useDebouncedValue } from '#src/ui/use-debounced-value';

/** Picks a user by name or email, searched on the server as the admin types. */
export function UserPicker({
  value,
  onChange,
  errorMessage,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  errorMessage?: string;
}) {
  const { trans } = useTrans();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text, 250);
  const list = useUsersList(useMemo(() => ({ query, perPage: '15' }), [query]));
  const items = useMemo(
    () => (list.data?.data ?? []).map((u) => ({ id: u.id, label: u.display_name, description: u.email })),
    [list.data],
  );
  return (
    <SearchableSelect
      isRemote
      menuTrigger="input"
      label={trans('User')}
      placeholder={trans('Search by name or email')}
      items={items}
      inputValue={text}
      onInputChange={setText}
      selectedKey={value}
      onSelectionChange={(key) => onChange(key === null ? null : Number(key))}
      errorMessage={errorMessage}
    />
  );
}
