import { Checkbox, TextField } from '#src/ui/field';
import { Select } from '#src/ui/select';
import { errorAt, groupClass, type SectionProps } from './section';

const POSITIONS = [
  { id: 'bottom', label: 'Bottom of the page' },
  { id: 'top', label: 'Top of the page' },
];

/** The cookie notice (SPEC §2, §3): on or off, where, its text and its optional link button. */
export function CookieNoticeSection({ values, change, errors }: SectionProps) {
  const notice = values.cookie_notice;
  const set = (patch: Partial<typeof notice>) =>
    change((v) => ({ ...v, cookie_notice: { ...v.cookie_notice, ...patch } }));
  return (
    <section className={groupClass} aria-labelledby="appearance-cookie-notice">
      <h2 id="appearance-cookie-notice" className="font-semibold text-fg text-sm">
        Cookie notice
      </h2>
      <Checkbox isSelected={notice.enable} onChange={(enable) => set({ enable })}>
        Show the cookie notice
      </Checkbox>
      <Select
        label="Position"
        items={POSITIONS}
        selectedKey={notice.position}
        onSelectionChange={(key) => set({ position: key as 'top' | 'bottom' })}
      />
      <TextField
        label="Text"
        description="Leave empty for the standard sentence, in each reader's language."
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
                  label: 'Privacy policy',
                  type: 'route',
                  action: '/pages/privacy',
                  target: null,
                }
              : null,
          })
        }
      >
        Add a link button
      </Checkbox>
      {notice.button && (
        <>
          <TextField
            label="Button label"
            value={notice.button.label}
            onChange={(label) => notice.button && set({ button: { ...notice.button, label } })}
          />
          <TextField
            label="Button address"
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
