import { msg } from '@zema/contracts';
import { Building2, ChevronsUpDown, Plus, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { Button as RACButton } from 'react-aria-components';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { cx } from '#src/ui/cx';
import { Menu, MenuItem, MenuSection, MenuTrigger } from '#src/ui/menu';
import { useWorkspaceChoices, type WorkspaceChoices } from '../lib/use-workspace-choices';
import { LazyCreateWorkspaceDialog } from './lazy-create-workspace-dialog';

export const WORKSPACE_TEXTS = {
  switcher: msg('Workspace'),
  personal: msg('Default'),
  create: msg('Create workspace'),
  manage: msg('Manage workspace'),
};

/** The name people see: the personal workspace is "Default" (SPEC §3). */
export function workspaceLabel(w: { id: number; name: string } | undefined, trans: TransFn): string {
  return w?.name || trans(WORKSPACE_TEXTS.personal);
}

/**
 * The workspace items of a menu (the user menu's, the backstage switcher's): the workspaces with
 * the active one checked, then "Create workspace" and "Manage workspace".
 */
export function WorkspaceMenuSections({
  choices,
  onCreate,
}: {
  choices: WorkspaceChoices;
  onCreate: () => void;
}) {
  const { trans } = useTrans();
  return (
    <>
      <MenuSection
        title={trans(WORKSPACE_TEXTS.switcher)}
        aria-label={trans(WORKSPACE_TEXTS.switcher)}
        selectionMode="single"
        selectedKeys={[`workspace-${choices.activeId}`]}
        disallowEmptySelection
        onSelectionChange={(keys) => {
          if (keys === 'all') return;
          const [key] = [...keys];
          const id = Number(String(key).replace('workspace-', ''));
          if (Number.isFinite(id)) choices.switchTo(id);
        }}
      >
        {choices.workspaces.map((w) => (
          <MenuItem
            key={w.id}
            id={`workspace-${w.id}`}
            textValue={workspaceLabel(w, trans)}
            description={
              w.default
                ? trans('Personal')
                : w.members_count === 1
                  ? trans('1 member')
                  : trans('{count, plural, one {# member} other {# members}}', { count: w.members_count })
            }
          >
            {workspaceLabel(w, trans)}
          </MenuItem>
        ))}
      </MenuSection>
      <MenuSection aria-label={trans('Workspace actions')}>
        <MenuItem id="workspace-create" icon={<Plus />} onAction={onCreate}>
          {trans(WORKSPACE_TEXTS.create)}
        </MenuItem>
        <MenuItem id="workspace-manage" icon={<Settings2 />} href={paths.backstageWorkspace()}>
          {trans(WORKSPACE_TEXTS.manage)}
        </MenuItem>
      </MenuSection>
    </>
  );
}

/** The backstage's workspace switcher: a button naming the active workspace, and its menu. */
export function WorkspaceSwitcher({ className }: { className?: string }) {
  const { trans } = useTrans();
  const choices = useWorkspaceChoices();
  const [creating, setCreating] = useState(false);
  const name = workspaceLabel(choices.active, trans);
  return (
    <>
      <MenuTrigger>
        <RACButton
          aria-label={trans('Workspace: {name}', { name })}
          className={cx(
            'flex h-10 max-w-64 items-center gap-2 rounded-theme border border-divider bg-bg px-3 text-sm font-medium text-fg transition-colors data-hovered:bg-hover',
            className,
          )}
        >
          <Building2 aria-hidden="true" className="size-4 shrink-0 text-muted" />
          <span className="min-w-0 flex-1 truncate">{name}</span>
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted" />
        </RACButton>
        <Menu placement="bottom end" aria-label={trans(WORKSPACE_TEXTS.switcher)}>
          <WorkspaceMenuSections choices={choices} onCreate={() => setCreating(true)} />
        </Menu>
      </MenuTrigger>
      <LazyCreateWorkspaceDialog isOpen={creating} onOpenChange={setCreating} />
    </>
  );
}
