import type { Role } from '@zema/contracts';
import { useTrans } from '#src/lib/i18n';
import { Checkbox, TextField } from '#src/ui/field';

type Access = { roles?: number[]; permissions?: string[] };

/**
 * SPEC §6: the roles (a checkbox each, all needed) and permissions (comma-separated, all needed) a
 * menu item or a landing button asks of its viewer.
 */
export function AccessFields({
  value,
  roles,
  roleLabel,
  rolesHint,
  permissionsDescription,
  onChange,
}: {
  value: Access;
  roles: readonly Pick<Role, 'id' | 'name'>[];
  roleLabel: (name: string) => string;
  /** A line under the roles (what none ticked means). */
  rolesHint?: string;
  permissionsDescription: string;
  onChange: (patch: Access) => void;
}) {
  const { trans } = useTrans();
  const chosen = value.roles ?? [];
  return (
    <>
      {roles.map((role) => (
        <Checkbox
          key={role.id}
          isSelected={chosen.includes(role.id)}
          onChange={(on) =>
            onChange({ roles: on ? [...chosen, role.id] : chosen.filter((id) => id !== role.id) })
          }
        >
          {roleLabel(role.name)}
        </Checkbox>
      ))}
      {rolesHint && <p className="text-muted text-xs">{rolesHint}</p>}
      <TextField
        label={trans('Permissions')}
        description={permissionsDescription}
        value={(value.permissions ?? []).join(', ')}
        onChange={(text) =>
          onChange({
            permissions: text
              .split(',')
              .map((p) => p.trim())
              .filter(Boolean),
          })
        }
      />
    </>
  );
}
