import { Download, MessageCircle, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { webPath } from '@quizcast/contract/routes';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { useShareResult } from '../api/challenges';
import { CARD_FILE_NAME, cardFile, shareCard, type ShareFallback } from '../lib/share-card';
import { challengesCatalog } from '../messages/catalog';

const linkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 py-2.5 text-sm font-semibold ring-1 ring-slate-300 bg-white text-slate-900 hover:bg-slate-50';

/**
 * "Share result" on the results summary (issue 28): makes my challenge link, fetches the card the
 * server drew for it, and shares both through the phone's share sheet, or offers WhatsApp and a
 * download where files cannot be shared. Initials unless I tick "Show my name".
 */
export function ShareResultButton() {
  const { quizId = '' } = useParams();
  const { user } = useAuth();
  const t = useT(challengesCatalog);
  const localise = useServerMessage();
  const share = useShareResult();
  const initialsOnly = user?.initialsOnly ?? false;
  const [showName, setShowName] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fallback, setFallback] = useState<ShareFallback | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (fallback) URL.revokeObjectURL(fallback.downloadUrl);
    },
    [fallback],
  );

  const go = async () => {
    setBusy(true);
    setProblem(null);
    setFallback(null);
    try {
      const link = await share.mutateAsync({ quizId, showName: showName && !initialsOnly });
      const url = `${window.location.origin}${webPath.challenge(link.code)}`;
      const text = t('challenges.shareText', {
        quiz: link.quizName,
        score: String(link.score),
        max: String(link.maxScore),
        rank: link.rank,
        total: link.totalParticipants,
        url,
      });
      const file = await cardFile(link.imageUrl);
      setFallback(await shareCard(file, text, link.quizName));
    } catch (err) {
      setProblem(localise(errorMessage(err, t('challenges.shareFailed'))));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <label className="flex min-h-11 items-center gap-3 text-sm text-slate-900">
        <input
          type="checkbox"
          className="size-6 shrink-0 accent-brand-700"
          checked={showName && !initialsOnly}
          disabled={initialsOnly}
          onChange={(e) => setShowName(e.target.checked)}
          aria-describedby="share-name-hint"
        />
        {t('challenges.showName')}
      </label>
      <p id="share-name-hint" className="text-sm text-slate-700">
        {initialsOnly ? t('challenges.initialsOnlyHint') : t('challenges.showNameHint')}
      </p>
      <Button variant="primary" loading={busy} onClick={() => void go()}>
        {!busy && <Share2 className="size-4" aria-hidden="true" />}
        {t('challenges.share')}
      </Button>
      <div role="status" className="space-y-3">
        {fallback && (
          <div className="flex flex-wrap gap-3">
            <p className="w-full text-sm text-slate-700">{t('challenges.fallbackIntro')}</p>
            <a className={linkClass} href={fallback.whatsappUrl} target="_blank" rel="noopener noreferrer">
              <MessageCircle className="size-4" aria-hidden="true" />
              {t('challenges.whatsapp')}
            </a>
            <a className={linkClass} href={fallback.downloadUrl} download={CARD_FILE_NAME}>
              <Download className="size-4" aria-hidden="true" />
              {t('challenges.download')}
            </a>
          </div>
        )}
      </div>
      {problem && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      )}
    </div>
  );
}
