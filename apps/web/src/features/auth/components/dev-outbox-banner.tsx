import { FlaskConical } from 'lucide-react';
import { richText, useT } from '../../../i18n/use-t';
import { useDevOutbox } from '../api/dev-outbox';
import { authCatalog } from '../messages/catalog';

/**
 * Outside production the server keeps the last code it "sent" (console SMS provider); showing it here
 * lets a newcomer sign in without a phone. In production the outbox answers 404 and nothing shows.
 */
export function DevOutboxBanner({ phNo, sendCount }: { phNo: string; sendCount: number | null }) {
  const { data } = useDevOutbox(phNo, sendCount);
  const t = useT(authCatalog);
  if (!data) return null;
  return (
    <p
      role="status"
      data-testid="dev-outbox-banner"
      className="flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
      <span>
        {richText(t('auth.dev.otp', { otp: data.otp }), {
          0: <strong className="font-mono tracking-widest" />,
        })}
      </span>
    </p>
  );
}
