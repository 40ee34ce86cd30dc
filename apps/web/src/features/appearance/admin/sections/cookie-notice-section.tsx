import { msg } from '@zema/contracts';
import { useTrans } from '#src/lib/i18n';
import { Checkbox, TextField } from '#src/ui/field';
import { Select } from '#src/ui/select';
import { AddressHint } from './address-hint';
import { errorAt, groupClass, type SectionProps } from './section';

const POSITIONS = [
  { id: 'bottom', label: msg('Bottom of the page') },
  { id: 'top', label: msg('Top of the page') },
];

/** The cookie notice (SPEC §2, §3): on or off, where, its text and its optional link button. */
export function CookieNoticeSection({ values, change, errors }: SectionProps) {
  const { trans } = useTrans();
  const notice = values.cookie_notice;
  const set = (patch: Partial<typeof notice>) =>
    change((v) => ({ ...v, cookie_notice: { ...v.cookie_notice, ...patch } }));
  return (
    <section className={groupClass} aria-labelledby="appearance-cookie-notice">
      <h2 id="appearance-cookie-notice" className="font-semibold text-fg text-sm">
        {trans('Cookie notice')}
      </h2>
      <Checkbox isSelected={notice.enable} onChange={(enable) => set({ enable })}>
        {trans('Show the cookie notice')}
      </Checkbox>
      <Select
        label={trans('Position')}
        items={POSITIONS.map((p) => ({ id: p.id, label: trans(p.label) }))}
        selectedKey={notice.position}
        onSelectionChange={(key) => set({ position: key as 'top' | 'bottom' })}
      />
      <TextField
        label={trans('Text')}
        description={trans("Leave empty for the standard sentence, in each reader's language.")}
        multiline
        rows={3}
        value={notice.text ?? ''}
        errorMessage={errorAt(errors, 'cookie_notice.text')}
        onChange={(text) => set({ text: text.trim() ? text : null })}
      />
      <Checkbox
        isSelected={notice.button !== null}
        onChange={(on) =>
          set({
            button: on
              ? {
                  id: 'cookie-notice-learn-more',
                  label: trans('Privacy policy'),
                  type: 'route',
                  action: '/pages/privacy',
                  target: null,
                }
              : null,
          })
        }
      >
        {trans('Add a link button')}
      </Checkbox>
      {notice.button && (
        <>
          <TextField
            label={trans('Button label')}
            value={notice.button.label}
            onChange={(label) => notice.button && set({ button: { ...notice.button, label } })}
          />
          <TextField
            label={trans('Button address')}
            description={
              <AddressHint action={notice.button.action}>
                {trans('A page of this site (/contact) or a full address (https://…).')}
              </AddressHint>
            }
            value={notice.button.action ?? ''}
            onChange={(action) =>
              notice.button &&
              set({
                button: { ...notice.button, action, type: /^https?:\/\//i.test(action) ? 'link' : 'route' },
              })
            }
          />
        </>
      )}
    </section>
  );
}
