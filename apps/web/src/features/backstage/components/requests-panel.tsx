import {
  BACKSTAGE_REQUEST_TYPE_LABELS,
  type BackstageArtist,
  type BackstageRequestType,
  msg,
} from '@zema/contracts';
import { BadgeCheck, Mic2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, ErrorState } from '#src/components/states';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { Spinner } from '#src/ui/spinner';
import { useMyRequests } from '../api/list-my-requests';
import { BackstageCard } from './backstage-frame';
import { RequestForm } from './request-form';
import { RequestList } from './request-list';

const CHOICES: { type: BackstageRequestType; icon: typeof Mic2; text: string }[] = [
  {
    type: 'become_artist',
    icon: Mic2,
    text: msg('New here? Create your artist profile and start releasing music.'),
  },
  {
    type: 'claim_artist',
    icon: UserPlus,
    text: msg('Your music is already on the site? Claim the artist page.'),
  },
  { type: 'verify_artist', icon: BadgeCheck, text: msg('Get the verified badge on an artist you manage.') },
];

/**
 * The three ways in (become, claim, verify), the form of the chosen one, and the user's requests
 * with their answers. "Verify" needs an artist the user already manages.
 */
export function RequestsPanel({ managed }: { managed: BackstageArtist[] }) {
  const { trans } = useTrans();
  const [type, setType] = useState<BackstageRequestType | null>(null);
  const requests = useMyRequests();
  const canVerify = managed.some((a) => !a.verified);
  return (
    <div className="flex flex-col gap-6">
      <fieldset className="grid gap-3 md:grid-cols-3">
        <legend className="sr-only">{trans('What would you like to do?')}</legend>
        {CHOICES.map((choice) => {
          const disabled = choice.type === 'verify_artist' && !canVerify;
          return (
            <Button
              key={choice.type}
              variant="outline"
              isDisabled={disabled}
              aria-pressed={type === choice.type}
              onPress={() => setType(choice.type)}
              className={cx(
                'h-auto items-start justify-start gap-3 whitespace-normal p-4 text-start',
                type === choice.type && 'border-primary ring-2 ring-primary',
              )}
            >
              <choice.icon aria-hidden className="size-6 shrink-0 self-start text-primary" />
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="text-base font-semibold">
                  {trans(BACKSTAGE_REQUEST_TYPE_LABELS[choice.type])}
                </span>
                <span className="text-sm font-normal text-muted">
                  {disabled
                    ? trans('Once you manage an artist, you can ask for its badge here.')
                    : trans(choice.text)}
                </span>
              </span>
            </Button>
          );
        })}
      </fieldset>
      {type && (
        <BackstageCard title={trans(BACKSTAGE_REQUEST_TYPE_LABELS[type])}>
          <RequestForm
            key={type}
            type={type}
            managed={managed.filter((a) => !a.verified)}
            onDone={() => setType(null)}
            onCancel={() => setType(null)}
          />
        </BackstageCard>
      )}
      <BackstageCard title={trans('Your requests')}>
        {requests.isPending ? (
          <Spinner aria-label={trans('Loading your requests')} />
        ) : requests.isError ? (
          <ErrorState onRetry={() => requests.refetch()} />
        ) : requests.data.data.length === 0 ? (
          <EmptyState
            title={trans('No requests yet')}
            description={trans(
              'Choose one of the options above. The team reviews requests and answers by email.',
            )}
          />
        ) : (
          <RequestList requests={requests.data.data} />
        )}
      </BackstageCard>
    </div>
  );
}
