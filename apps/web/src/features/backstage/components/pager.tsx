import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';

/** Previous / next over a paged list, with where the user is. */
export function Pager({
  page,
  lastPage,
  onChange,
  label,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const { trans } = useTrans();
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-end gap-2 text-sm">
      <Button
        variant="outline"
        size="sm"
        isDisabled={page <= 1}
        onPress={() => onChange(page - 1)}
        startIcon={<ChevronLeft aria-hidden />}
      >
        {trans('Previous')}
      </Button>
      <span aria-live="polite">{trans('Page {page} of {lastPage}', { page, lastPage })}</span>
      <Button
        variant="outline"
        size="sm"
        isDisabled={page >= lastPage}
        onPress={() => onChange(page + 1)}
        endIcon={<ChevronRight aria-hidden />}
      >
        {trans('Next')}
      </Button>
    </nav>
  );
}
