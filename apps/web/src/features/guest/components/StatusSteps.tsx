import type { CSSProperties } from 'react';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { dishesStep, rejectionText, STEPS, stepIndex } from '../lib/status';
import { Alert } from '../ui/parts';
import classes from '../guest.module.css';

/**
 * accepted → preparing → ready → served → paid; an order waiting for staff to confirm it has that as a
 * first step of its own; a cancelled order is said plainly instead, a rejected one with the staff's reason. A paid
 * order's dishes may still be cooking: with its `items`, "paid" is done and the other steps show where the dishes are.
 */
export function StatusSteps({
  status,
  rejectionReason,
  items,
}: {
  status: string;
  rejectionReason?: string | null;
  items?: readonly { status: string }[];
}) {
  const { t } = useTranslation();
  const index = stepIndex(status);
  if (index === -1) {
    return rejectionReason ? (
      <Alert icon={<IconX size={22} />} title={t('client.confirm.rejected')} role="status">
        {t('client.confirm.rejectedText')} {t('client.confirm.reason', { reason: rejectionText(t, rejectionReason) })}
      </Alert>
    ) : (
      <Alert icon={<IconX size={22} />} title={t('client.status.cancelled')} role="status">
        {t('client.confirmation.cancelled')}
      </Alert>
    );
  }
  const waiting = index === -2;
  // While waiting, the first step is "waiting for the waiter"; the usual ones follow, none reached yet.
  const steps = waiting ? (['confirming', ...STEPS] as const) : STEPS;
  const paid = status === 'PAID';
  // Paid: the last step is complete rather than "in progress"; the dishes' own step is current until all are served.
  const current = waiting ? 0 : paid && items ? dishesStep(items) : index;
  const paidStep = STEPS.length - 1;
  const finished = paid && current >= paidStep;
  return (
    <ol
      className={classes.steps}
      aria-label={t('client.steps.label')}
      style={{ '--steps': STEPS.length } as CSSProperties}
    >
      {steps.map((step, i) => {
        const done = i < current || (paid && i === paidStep);
        const isCurrent = i === current && !finished;
        return (
          <li
            key={step}
            className={classes.step}
            data-step={step}
            data-done={done}
            data-current={isCurrent}
            aria-current={isCurrent ? 'step' : undefined}
          >
            <span className={classes.stepDot} aria-hidden>
              {done ? <IconCheck size={18} stroke={3} /> : i + 1}
            </span>
            {step === 'confirming' ? t('client.confirm.waiting') : t(`client.steps.${step}`)}
          </li>
        );
      })}
    </ol>
  );
}
