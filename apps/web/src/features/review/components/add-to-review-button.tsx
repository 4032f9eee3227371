import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useAddToReview } from '../api/review';

/** "Add to my review" under a question of a published review; says when it is already a card. */
export function AddToReviewButton({ questionId }: { questionId: string }) {
  const add = useAddToReview();
  const [message, setMessage] = useState('');
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        loading={add.isPending}
        disabled={add.isSuccess}
        onClick={() =>
          add.mutate(questionId, {
            onSuccess: (made) => setMessage(made.created ? 'Added to your review' : 'Already in your review'),
            onError: (err) => setMessage(errorMessage(err, 'Could not add to your review')),
          })
        }
      >
        Add to my review
      </Button>
      <span role="status" className="text-sm text-slate-700">
        {message}
      </span>
    </div>
  );
}
