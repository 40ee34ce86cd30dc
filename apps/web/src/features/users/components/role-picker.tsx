import type { AdminRoleRow } from '@zema/contracts/admin';
import { Check } from 'lucide-react';
import { Checkbox, CheckboxGroup, Label, Text } from 'react-aria-components';
import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';
import { fieldDescriptionClass, fieldLabelClass } from '#src/ui/field';

/** Roles as a group of checkboxes (few roles on most sites; each with its member count). */
export function RolePicker({
  roles,
  value,
  onChange,
  description,
}: {
  roles: AdminRoleRow[];
  value: number[];
  onChange: (ids: number[]) => void;
  description?: string;
}) {
  const { trans } = useTrans();
  return (
    <CheckboxGroup
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      className="flex flex-col"
    >
      <Label className={fieldLabelClass}>{trans('Roles')}</Label>
      <div className="flex flex-wrap gap-2">
        {roles.map((role) => (
          <Checkbox
            key={role.id}
            value={String(role.id)}
            className={({ isSelected, isFocusVisible }) =>
              cx(
                'flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm',
                isSelected ? 'border-primary bg-primary/10 text-fg' : 'border-divider text-muted',
                isFocusVisible && 'ring-2 ring-primary',
              )
            }
          >
            {({ isSelected }) => (
              <>
                <Check aria-hidden className={cx('size-3.5', !isSelected && 'opacity-0')} />
                {role.name}
              </>
            )}
          </Checkbox>
        ))}
      </div>
      {description && (
        <Text slot="description" className={fieldDescriptionClass}>
          {description}
        </Text>
      )}
    </CheckboxGroup>
  );
}
