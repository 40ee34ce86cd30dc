import { msg } from '@zema/contracts';
import { Check, ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  FieldError,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  type ListBoxItemProps,
  Button as RACButton,
  ComboBox as RACComboBox,
  type ComboBoxProps as RACComboBoxProps,
  Input as RACInput,
  Select as RACSelect,
  type SelectProps as RACSelectProps,
  SelectValue,
  Text,
} from 'react-aria-components';
import { useTrans } from '#src/lib/i18n';
import { cx, fieldFocusRing, insetFocusRing } from './cx';
import { fieldDescriptionClass, fieldErrorClass, fieldLabelClass } from './field';
import { Popover } from './popover';

/** SPEC §9: the list popup is at most 420 px high. */
export const SELECT_POPUP_MAX_HEIGHT = 420;
/** SPEC §8: shown when a list has nothing to show. */
export const SELECT_EMPTY_TEXT = msg('There are no items matching your query');

export interface SelectOption {
  id: Key;
  label: string;
  description?: string;
  icon?: ReactNode;
  isDisabled?: boolean;
}

const triggerClass =
  'flex h-10 w-full min-w-0 cursor-pointer items-center gap-2 rounded-theme border border-divider bg-bg px-3 text-left text-sm text-fg outline-none transition-colors data-hovered:border-muted data-disabled:cursor-not-allowed data-disabled:opacity-60 ' +
  fieldFocusRing;

function EmptyState() {
  const { trans } = useTrans();
  return <div className="px-3 py-6 text-center text-sm text-muted">{trans(SELECT_EMPTY_TEXT)}</div>;
}

function OptionRow({
  option,
  ...props
}: { option: SelectOption } & Omit<ListBoxItemProps<SelectOption>, 'children'>) {
  return (
    <ListBoxItem
      {...props}
      id={option.id}
      textValue={option.label}
      isDisabled={option.isDisabled}
      className={cx(
        'group flex cursor-pointer items-center gap-3 rounded-[calc(var(--be-radius)-2px)] px-3 py-2 text-sm text-fg outline-none select-none',
        'data-focused:bg-hover data-selected:font-semibold data-disabled:cursor-not-allowed data-disabled:opacity-50',
        insetFocusRing,
      )}
    >
      {({ isSelected }) => (
        <>
          {option.icon && (
            <span aria-hidden="true" className="flex shrink-0 text-muted [&_svg]:size-[18px]">
              {option.icon}
            </span>
          )}
          <span className="flex min-w-0 flex-1 flex-col">
            <Text slot="label" className="truncate">
              {option.label}
            </Text>
            {option.description && (
              <Text slot="description" className="truncate text-xs font-normal text-muted">
                {option.description}
              </Text>
            )}
          </span>
          <Check
            aria-hidden="true"
            className={cx('size-4 shrink-0 text-primary', !isSelected && 'invisible')}
          />
        </>
      )}
    </ListBoxItem>
  );
}

interface SharedProps<T extends SelectOption> {
  label?: ReactNode;
  description?: ReactNode;
  /** Marks the field invalid and is shown under it. */
  errorMessage?: ReactNode;
  items: Iterable<T>;
  placeholder?: string;
  className?: string;
}

export interface SelectProps<T extends SelectOption>
  extends SharedProps<T>,
    Omit<
      RACSelectProps<T, 'single'>,
      | 'children'
      | 'className'
      | 'items'
      | 'placeholder'
      | 'isInvalid'
      | 'selectionMode'
      | 'validationBehavior'
    > {}

/** A labelled single-choice list (time zone, country, language, currency). */
export function Select<T extends SelectOption>({
  label,
  description,
  errorMessage,
  items,
  placeholder,
  className,
  ...props
}: SelectProps<T>) {
  const isInvalid = Boolean(errorMessage);
  return (
    <RACSelect
      {...props}
      placeholder={placeholder}
      isInvalid={isInvalid}
      validationBehavior="aria"
      allowsEmptyCollection
      className={cx('flex flex-col', className)}
    >
      {label && <Label className={fieldLabelClass}>{label}</Label>}
      <RACButton className={cx(triggerClass, isInvalid && 'border-danger')}>
        <SelectValue<T> className="min-w-0 flex-1 truncate data-placeholder:text-muted">
          {({ selectedItem, defaultChildren }) => selectedItem?.label ?? defaultChildren}
        </SelectValue>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted" />
      </RACButton>
      {description && !isInvalid && (
        <Text slot="description" className={fieldDescriptionClass}>
          {description}
        </Text>
      )}
      <FieldError className={fieldErrorClass}>{errorMessage}</FieldError>
      <Popover maxHeight={SELECT_POPUP_MAX_HEIGHT} className="w-(--trigger-width) min-w-48">
        <ListBox<T> items={items} renderEmptyState={() => <EmptyState />} className="p-1.5 outline-none">
          {(option) => <OptionRow option={option} />}
        </ListBox>
      </Popover>
    </RACSelect>
  );
}

export interface SearchableSelectProps<T extends SelectOption>
  extends SharedProps<T>,
    Omit<
      RACComboBoxProps<T, 'single'>,
      | 'children'
      | 'className'
      | 'items'
      | 'defaultItems'
      | 'isInvalid'
      | 'selectionMode'
      | 'validationBehavior'
      | 'placeholder'
    > {
  /**
   * The caller filters `items` itself from `onInputChange` (a search on the server, as you type),
   * so the list shows them as given instead of filtering them again.
   */
  isRemote?: boolean;
  /** Classes for the text field itself (room for a button the caller lays over it). */
  inputClassName?: string;
}

/** A select with a text field that filters the list as you type (long lists like time zones). */
export function SearchableSelect<T extends SelectOption>({
  label,
  description,
  errorMessage,
  items,
  placeholder,
  className,
  isRemote,
  inputClassName,
  ...props
}: SearchableSelectProps<T>) {
  const isInvalid = Boolean(errorMessage);
  return (
    <RACComboBox
      menuTrigger="focus"
      {...props}
      {...(isRemote ? { items } : { defaultItems: items })}
      isInvalid={isInvalid}
      validationBehavior="aria"
      // A remote list with an empty field stays shut: the field clears after a choice, and React
      // Aria opens a focused combo box whenever its text changes and it has something to show.
      allowsEmptyCollection={!isRemote || Boolean(props.inputValue)}
      className={cx('group flex flex-col', className)}
    >
      {label && <Label className={fieldLabelClass}>{label}</Label>}
      <div className="relative flex items-center">
        <RACInput
          placeholder={placeholder}
          className={cx(
            'h-10 w-full min-w-0 rounded-theme border border-divider bg-bg pr-10 pl-3 text-sm text-fg outline-none transition-colors placeholder:text-muted data-hovered:border-muted data-focused:border-primary data-disabled:opacity-60',
            fieldFocusRing,
            isInvalid && 'border-danger',
            inputClassName,
          )}
        />
        <RACButton className="absolute right-1 flex size-8 cursor-pointer items-center justify-center rounded-full text-muted outline-none data-hovered:bg-hover">
          <ChevronDown aria-hidden="true" className="size-4" />
        </RACButton>
      </div>
      {description && !isInvalid && (
        <Text slot="description" className={fieldDescriptionClass}>
          {description}
        </Text>
      )}
      <FieldError className={fieldErrorClass}>{errorMessage}</FieldError>
      <Popover maxHeight={SELECT_POPUP_MAX_HEIGHT} className="w-(--trigger-width) min-w-48">
        <ListBox<T> renderEmptyState={() => <EmptyState />} className="p-1.5 outline-none">
          {(option) => <OptionRow option={option} />}
        </ListBox>
      </Popover>
    </RACComboBox>
  );
}
