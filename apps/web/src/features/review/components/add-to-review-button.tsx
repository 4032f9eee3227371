import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useAddToReview } from '../api/review';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { reviewCatalog } from '../messages/catalog';

/** "Add to my review" under a question of a published review; says when it is already a card. */
export function AddToReviewButton({ questionId }: { questionId: string }) {
  const add = useAddToReview();
  const [message, setMessage] = useState('');
  const t = useT(reviewCatalog);
  const localise = useServerMessage();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        loading={add.isPending}
        disabled={add.isSuccess}
        onClick={() =>
          add.mutate(questionId, {
            onSuccess: (made) => setMessage(made.created ? t('review.added') : t('review.alreadyAdded')),
            onError: (err) => setMessage(localise(errorMessage(err, t('review.addFailed')))),
          })
        }
      >
        {t('review.add')}
      </Button>
      <span role="status" className="text-sm text-slate-700">
        {message}
      </span>
    </div>
  );
}
