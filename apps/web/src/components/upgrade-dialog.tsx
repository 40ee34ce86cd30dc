import { Sparkles } from 'lucide-react';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button, LinkButton } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';

export interface UpgradeDialogProps {
  /** The feature the user tried, as they would name it ("Downloads", "More workspace members"). */
  feature: string;
  /** Why it needs a plan, when there is more to say than the default line. */
  description?: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * What a protected feature shows a user whose plan lacks it: the feature's name and a
 * way to the plans. Callers show it only while billing is enabled; with billing off there is no
 * plan to buy, so they hide the feature instead.
 */
export function UpgradeDialog({ feature, description, isOpen, onOpenChange }: UpgradeDialogProps) {
  const { trans } = useTrans();
  return (
    <Dialog
      title={trans('Upgrade your plan')}
      size="sm"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={({ close }) => (
        <>
          <Button variant="text" onPress={close}>
            {trans('Not now')}
          </Button>
          <LinkButton variant="primary" href={paths.pricing()} onPress={close}>
            {trans('See plans')}
          </LinkButton>
        </>
      )}
    >
      <div className="flex items-start gap-3">
        <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="flex flex-col gap-1">
          <p className="font-semibold">{feature}</p>
          <p className="text-muted">
            {description ?? trans('Your current plan does not include this. See the plans that do.')}
          </p>
        </div>
      </div>
    </Dialog>
  );
}
