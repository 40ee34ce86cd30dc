import { PERMISSIONS } from '@zema/contracts';
import {
  type Grant,
  PERMISSION_CATALOGUE,
  PERMISSION_GROUP_LABELS,
  PERMISSION_GROUPS,
} from '@zema/contracts/admin';
import { useTrans } from '#src/lib/i18n';
import { Checkbox } from '#src/ui/field';

/**
 * The permission catalogue (contracts) as a checklist grouped by concern, with a number field for
 * each quota a permission supports (empty = unlimited). Used by the role editor and a user's
 * direct permissions.
 */
export function PermissionsEditor({
  value,
  onChange,
  isDisabled,
}: {
  value: Grant[];
  onChange: (grants: Grant[]) => void;
  isDisabled?: boolean;
}) {
  const { trans } = useTrans();
  const byName = new Map(value.map((g) => [g.name, g]));
  const superAdmin = byName.has(PERMISSIONS.admin);
  const toggle = (name: string, on: boolean) => {
    if (on) onChange([...value.filter((g) => g.name !== name), { name, restrictions: [] }]);
    else onChange(value.filter((g) => g.name !== name));
  };
  const setRestriction = (name: string, restriction: string, raw: string) => {
    const n = raw === '' ? null : Math.max(0, Math.floor(Number(raw)));
    onChange(
      value.map((g) =>
        g.name !== name
          ? g
          : {
              ...g,
              restrictions: [
                ...g.restrictions.filter((r) => r.name !== restriction),
                ...(n === null || Number.isNaN(n) ? [] : [{ name: restriction, value: n }]),
              ],
            },
      ),
    );
  };

  return (
    <div className="flex flex-col gap-6">
      {superAdmin && (
        <p className="rounded-theme border border-primary/40 bg-primary/10 px-3 py-2 text-sm">
          {trans(
            'Super admin grants every permission, including those added later; the others below change nothing while it is on.',
          )}
        </p>
      )}
      {PERMISSION_GROUPS.map((group) => {
        const items = PERMISSION_CATALOGUE.filter((p) => p.group === group);
        if (!items.length) return null;
        return (
          <fieldset key={group} className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold text-fg">
              {trans(PERMISSION_GROUP_LABELS[group])}
            </legend>
            <ul className="grid gap-2 md:grid-cols-2">
              {items.map((p) => {
                const grant = byName.get(p.name);
                return (
                  <li key={p.name} className="rounded-theme border border-divider p-3">
                    <Checkbox
                      isSelected={Boolean(grant)}
                      isDisabled={isDisabled}
                      onChange={(on) => toggle(p.name, on)}
                      description={
                        <>
                          <code className="text-[11px]">{p.name}</code> — {trans(p.description)}
                        </>
                      }
                    >
                      {trans(p.displayName)}
                    </Checkbox>
                    {grant &&
                      p.restrictions.map((r) => (
                        <label key={r.name} className="mt-2 ms-7 flex items-center gap-2 text-xs text-muted">
                          {trans(r.label)}
                          <input
                            type="number"
                            min={0}
                            inputMode="numeric"
                            placeholder={trans('Unlimited')}
                            aria-description={trans(r.description)}
                            value={grant.restrictions.find((x) => x.name === r.name)?.value ?? ''}
                            onChange={(e) => setRestriction(p.name, r.name, e.target.value)}
                            className="h-8 w-28 rounded-theme border border-divider bg-bg px-2 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-primary"
                          />
                        </label>
                      ))}
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}
