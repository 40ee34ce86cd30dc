import {
  isMenuIcon,
  MENU_ICONS,
  MENU_POSITIONS,
  type MenuAudience,
  type MenuChildItem,
  type MenuItem,
  msg,
  type Role,
} from '@zema/contracts';
import { APPEARANCE_LIMITS, type EditableMenu } from '@zema/contracts/appearance/appearance-admin';
import { IndentDecrease, IndentIncrease, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MENU_ICON_GLYPHS } from '#src/components/chrome/menu-icons';
import { useAssignableRoles } from '#src/features/users';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Checkbox, TextField } from '#src/ui/field';
import { Select } from '#src/ui/select';
import { AccessFields } from './access-fields';
import { AddressHint } from './address-hint';
import { errorAt, groupClass, type SectionProps } from './section';
import { SortableList } from './sortable-list';

const POSITION_LABELS: Record<(typeof MENU_POSITIONS)[number], string> = {
  'landing-page-navbar': msg('Landing page navbar'),
  'auth-page-footer': msg('Login and register footer'),
  footer: msg('Footer'),
  'footer-secondary': msg('Footer, second row'),
  navbar: msg('Player navbar'),
  'account-menu': msg('User menu'),
};

/** Who an item is for, before its other conditions (none set: everyone). */
const AUDIENCE_CHOICES: { id: MenuAudience; label: string }[] = [
  { id: 'everyone', label: msg('Everyone') },
  { id: 'signedIn', label: msg('Signed-in users') },
  { id: 'guests', label: msg('Guests (not signed in)') },
];

const SUBSCRIPTION_CHOICES = [
  { id: 'any', label: msg('Everyone') },
  { id: 'subscribed', label: msg('Only subscribers') },
  { id: 'unsubscribed', label: msg('Only non-subscribers') },
];

/** A menu item's settings condition as the admin types it: `key=value, key=value`. */
function settingsText(settings: MenuItem['settings']): string {
  return Object.entries(settings ?? {})
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(', ');
}

/** `billing.enable=true, player.hide_queue=false` → a settings map (true/false and numbers typed). */
export function parseSettings(text: string): Record<string, unknown> | undefined {
  const entries = text
    .split(',')
    .map((pair) => pair.split('=').map((part) => part.trim()))
    .filter(([key, value]) => key && value !== undefined && value !== '')
    .map(([key, value]): [string, unknown] => [
      key!,
      value === 'true'
        ? true
        : value === 'false'
          ? false
          : /^-?\d+(\.\d+)?$/.test(value!)
            ? Number(value)
            : value,
    ]);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

const newId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

/** Menus (SPEC §3 Menu, §6 conditions): positions, items, who sees each, their order. */
export function MenusSection({ values, change, errors }: SectionProps) {
  const { trans } = useTrans();
  const [selectedId, setSelectedId] = useState<string | null>(values.menus[0]?.id ?? null);
  const menu = values.menus.find((m) => m.id === selectedId) ?? values.menus[0] ?? null;
  const { roles } = useAssignableRoles();

  const setMenu = (patch: (m: EditableMenu) => EditableMenu) =>
    change((v) => ({ ...v, menus: v.menus.map((m) => (m.id === menu?.id ? patch(m) : m)) }));
  const setItems = (update: (items: EditableMenu['items']) => EditableMenu['items']) =>
    setMenu((m) => ({ ...m, items: update(m.items) }));
  const itemsPath = `menus.${menu ? values.menus.indexOf(menu) : 0}.items`;
  const setItem = (index: number, patch: Partial<MenuItem>) =>
    setItems((items) => items.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  const addMenu = () => {
    const created: EditableMenu = { id: newId('menu'), name: trans('New menu'), positions: [], items: [] };
    change((v) => ({ ...v, menus: [...v.menus, created] }));
    setSelectedId(created.id);
  };

  return (
    <div className="flex flex-col gap-6">
      <section className={groupClass} aria-labelledby="appearance-menus-pick">
        <h2 id="appearance-menus-pick" className="font-semibold text-fg text-sm">
          {trans('Menus')}
        </h2>
        {menu && (
          <Select
            label={trans('Menu')}
            items={values.menus.map((m) => ({ id: m.id, label: m.name }))}
            selectedKey={menu.id}
            onSelectionChange={(key) => setSelectedId(String(key))}
          />
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onPress={addMenu}
            isDisabled={values.menus.length >= APPEARANCE_LIMITS.menus}
          >
            <Plus aria-hidden="true" className="size-4" />
            {trans('New menu')}
          </Button>
          {menu && (
            <Button
              variant="outline"
              size="sm"
              onPress={() => {
                change((v) => ({ ...v, menus: v.menus.filter((m) => m.id !== menu.id) }));
                setSelectedId(values.menus.find((m) => m.id !== menu.id)?.id ?? null);
              }}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {trans('Delete menu')}
            </Button>
          )}
        </div>
        {errorAt(errors, 'menus') && (
          <p role="alert" className="text-danger text-sm">
            {errorAt(errors, 'menus')}
          </p>
        )}
      </section>

      {menu && (
        <>
          <section className={groupClass} aria-labelledby="appearance-menus-where">
            <h2 id="appearance-menus-where" className="font-semibold text-fg text-sm">
              {trans('Where it shows')}
            </h2>
            <TextField
              label={trans('Name')}
              value={menu.name}
              onChange={(name) => setMenu((m) => ({ ...m, name }))}
            />
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-medium text-fg text-sm">{trans('Positions')}</legend>
              {MENU_POSITIONS.map((position) => (
                <Checkbox
                  key={position}
                  isSelected={menu.positions.includes(position)}
                  onChange={(on) =>
                    setMenu((m) => ({
                      ...m,
                      positions: on ? [...m.positions, position] : m.positions.filter((p) => p !== position),
                    }))
                  }
                >
                  {trans(POSITION_LABELS[position])}
                </Checkbox>
              ))}
            </fieldset>
          </section>

          <section className={groupClass} aria-labelledby="appearance-menus-items">
            <h2 id="appearance-menus-items" className="font-semibold text-fg text-sm">
              {trans('Items')}
            </h2>
            <p className="text-muted text-xs">
              {trans(
                'An item put inside the one above it makes a group: a dropdown in the navbar and footer, a titled section in a menu. One level only.',
              )}
            </p>
            <SortableList
              items={menu.items}
              idOf={(item) => item.id}
              labelOf={(item) => item.label || trans('the item')}
              titleOf={(item) => item.label || trans('Untitled item')}
              onReorder={(items) => setItems(() => items)}
              onRemove={(index) => setItems((items) => items.filter((_, i) => i !== index))}
              actionsOf={(item, index) =>
                index > 0 && !item.children?.length ? (
                  <Button
                    variant="icon"
                    size="sm"
                    aria-label={trans('Put {item} inside {group}', {
                      item: item.label || trans('the item'),
                      group: menu.items[index - 1]?.label || trans('the item above'),
                    })}
                    onPress={() => setItems((items) => nestUnderPrevious(items, index))}
                  >
                    <IndentIncrease aria-hidden="true" className="size-4" />
                  </Button>
                ) : null
              }
            >
              {(item, index) => (
                <>
                  <ItemFields
                    item={item}
                    roles={roles}
                    labelError={errorAt(errors, `${itemsPath}.${index}.label`)}
                    actionError={errorAt(errors, `${itemsPath}.${index}.action`)}
                    conditionError={errorAt(errors, `${itemsPath}.${index}.subscriptionStatus`)}
                    groupHint={!!item.children?.length}
                    onChange={(patch) => setItem(index, patch)}
                  />
                  {!!item.children?.length && (
                    <fieldset className="flex flex-col gap-2">
                      <legend className="mb-1 font-medium text-fg text-sm">
                        {trans('Inside {group}', { group: item.label || trans('this item') })}
                      </legend>
                      <SortableList
                        items={item.children}
                        idOf={(child) => child.id}
                        labelOf={(child) => child.label || trans('the item')}
                        titleOf={(child) => child.label || trans('Untitled item')}
                        onReorder={(children) => setItem(index, { children })}
                        onRemove={(childIndex) =>
                          setItem(index, { children: item.children?.filter((_, i) => i !== childIndex) })
                        }
                        actionsOf={(child, childIndex) => (
                          <Button
                            variant="icon"
                            size="sm"
                            aria-label={trans('Move {item} out of {group}', {
                              item: child.label || trans('the item'),
                              group: item.label || trans('the group'),
                            })}
                            onPress={() => setItems((items) => unnest(items, index, childIndex))}
                          >
                            <IndentDecrease aria-hidden="true" className="size-4" />
                          </Button>
                        )}
                      >
                        {(child, childIndex) => (
                          <ItemFields
                            item={child}
                            roles={roles}
                            labelError={errorAt(errors, `${itemsPath}.${index}.children.${childIndex}.label`)}
                            actionError={errorAt(
                              errors,
                              `${itemsPath}.${index}.children.${childIndex}.action`,
                            )}
                            conditionError={errorAt(
                              errors,
                              `${itemsPath}.${index}.children.${childIndex}.subscriptionStatus`,
                            )}
                            onChange={(patch) =>
                              setItem(index, {
                                children: item.children?.map((c, i) =>
                                  i === childIndex ? { ...c, ...patch } : c,
                                ),
                              })
                            }
                          />
                        )}
                      </SortableList>
                    </fieldset>
                  )}
                </>
              )}
            </SortableList>
            <Button
              variant="outline"
              size="sm"
              isDisabled={menu.items.length >= APPEARANCE_LIMITS.menuItems}
              onPress={() =>
                setItems((items) => [
                  ...items,
                  { id: newId('item'), label: trans('New item'), type: 'route', action: '/', target: null },
                ])
              }
            >
              <Plus aria-hidden="true" className="size-4" />
              {trans('Add an item')}
            </Button>
          </section>
        </>
      )}
    </div>
  );
}

/** The item at `index` becomes the last child of the item above it. */
export function nestUnderPrevious(items: readonly MenuItem[], index: number): MenuItem[] {
  const item = items[index];
  const parent = items[index - 1];
  if (!item || !parent || item.children?.length) return [...items];
  const { children: _none, ...child } = item;
  return items.flatMap((it, i) =>
    i === index
      ? []
      : i === index - 1
        ? [{ ...parent, children: [...(parent.children ?? []), child] }]
        : [it],
  );
}

/** A group's child at `childIndex` becomes an item of its own, right after the group. */
export function unnest(items: readonly MenuItem[], index: number, childIndex: number): MenuItem[] {
  const parent = items[index];
  const child = parent?.children?.[childIndex];
  if (!parent || !child) return [...items];
  const children = parent.children?.filter((_, i) => i !== childIndex);
  return items.flatMap((it, i) =>
    i === index ? [{ ...parent, children: children?.length ? children : undefined }, child] : [it],
  );
}

const iconChoices = (trans: TransFn) => [
  { id: 'none', label: trans('No icon') },
  ...MENU_ICONS.map((id) => ({ id, label: trans(MENU_ICON_GLYPHS[id].label) })),
];

/** The fields of one menu item: label, icon, address, new tab, and who sees it (SPEC §6). */
function ItemFields({
  item,
  roles,
  labelError,
  actionError,
  conditionError,
  groupHint,
  onChange,
}: {
  item: MenuChildItem;
  roles: readonly Pick<Role, 'id' | 'name'>[];
  labelError?: string;
  actionError?: string;
  /** Conditions no viewer can meet together (the server's error). */
  conditionError?: string;
  /** The item holds others: its address is optional. */
  groupHint?: boolean;
  onChange: (patch: Partial<MenuChildItem>) => void;
}) {
  const { trans } = useTrans();
  const glyph = isMenuIcon(item.icon) ? MENU_ICON_GLYPHS[item.icon] : null;
  return (
    <>
      <TextField
        label={trans('Label')}
        value={item.label}
        errorMessage={labelError}
        onChange={(label) => onChange({ label })}
      />
      <div className="flex items-end gap-2">
        <Select
          label={trans('Icon')}
          className="flex-1"
          items={iconChoices(trans)}
          selectedKey={glyph ? item.icon : 'none'}
          onSelectionChange={(key) => onChange({ icon: key === 'none' ? null : String(key) })}
        />
        <span className="mb-2 inline-flex size-6 items-center justify-center text-muted" aria-hidden="true">
          {glyph && <glyph.Icon className="size-5" />}
        </span>
      </div>
      <TextField
        label={trans('Address')}
        description={
          <AddressHint action={item.action}>
            {groupHint
              ? trans('Optional for a group: where its own entry leads, listed first in it.')
              : trans('A page of this site (/contact) or a full address (https://…).')}
          </AddressHint>
        }
        value={item.action ?? ''}
        errorMessage={actionError}
        onChange={(action) => onChange({ action, type: /^https?:\/\//i.test(action) ? 'link' : 'route' })}
      />
      <Checkbox
        isSelected={item.type === 'link' || item.target === '_blank'}
        onChange={(on) => onChange({ target: on ? '_blank' : null })}
      >
        {trans('Opens in a new tab')}
      </Checkbox>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-fg text-sm">{trans('Who sees it')}</legend>
        <Select
          label={trans('Audience')}
          description={trans('Signed-in users: everyone with an account, whatever their roles.')}
          items={AUDIENCE_CHOICES.map((c) => ({ id: c.id, label: trans(c.label) }))}
          selectedKey={item.audience ?? 'everyone'}
          onSelectionChange={(key) =>
            onChange({ audience: key === 'everyone' ? undefined : (key as MenuAudience) })
          }
        />
        <AccessFields
          value={item}
          roles={roles}
          roleLabel={(name) => trans('Role: {name}', { name })}
          rolesHint={trans('No role ticked: no role is needed. Each role ticked is needed.')}
          permissionsDescription={trans('Comma-separated names, e.g. api.access. All are needed.')}
          onChange={onChange}
        />
        <TextField
          label={trans('Settings')}
          description={trans(
            'Comma-separated, e.g. billing.enable=true: shown only while each setting has that value.',
          )}
          value={settingsText(item.settings)}
          onChange={(text) => onChange({ settings: parseSettings(text) })}
        />
        <Select
          label={trans('Subscription')}
          items={SUBSCRIPTION_CHOICES.map((c) => ({ id: c.id, label: trans(c.label) }))}
          selectedKey={item.subscriptionStatus ?? 'any'}
          errorMessage={conditionError}
          onSelectionChange={(key) =>
            onChange({ subscriptionStatus: key === 'any' ? null : (key as 'subscribed' | 'unsubscribed') })
          }
        />
      </fieldset>
    </>
  );
}
