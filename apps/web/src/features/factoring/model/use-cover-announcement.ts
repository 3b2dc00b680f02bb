import type { Debitor } from '@finportal/contracts/debitors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const statusKey = (debitors: readonly Debitor[]) =>
  debitors.map((d) => `${d.debitor_id}:${d.insurance_cover?.cover_status ?? ''}`).join('|');

/**
 * What a screen reader is told when the insurer answers a cover request that was Pending (the
 * list is polled meanwhile): "Insurer's answer for Musterbau Schmidt GmbH: Cover". Kept until the
 * next answer.
 */
export function useCoverAnnouncement(debitors: readonly Debitor[]): string {
  const { t } = useTranslation(['factoring']);
  const [seen, setSeen] = useState(() => ({ key: statusKey(debitors), debitors }));
  const [message, setMessage] = useState('');
  const key = statusKey(debitors);
  if (key !== seen.key) {
    const before = new Map(seen.debitors.map((d) => [d.debitor_id, d.insurance_cover?.cover_status]));
    const answered = debitors.filter(
      (d) =>
        before.get(d.debitor_id) === 'Pending' && d.insurance_cover && d.insurance_cover.cover_status !== 'Pending',
    );
    setSeen({ key, debitors });
    if (answered.length) {
      setMessage(
        answered
          .map((d) =>
            t('factoring:cover.answered', {
              name: d.company.company_name,
              status: t(`factoring:cover.status.${d.insurance_cover!.cover_status}`),
            }),
          )
          .join(' '),
      );
    }
  }
  return message;
}
