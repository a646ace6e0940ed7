import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { STEPS, stepIndex } from '../lib/status';
import { Alert } from '../ui/parts';
import classes from '../guest.module.css';

/** accepted → preparing → ready → served → paid; a cancelled order is said plainly instead. */
export function StatusSteps({ status }: { status: string }) {
  const { t } = useTranslation();
  const current = stepIndex(status);
  if (current < 0) {
    return (
      <Alert icon={<IconX size={22} />} title={t('client.status.cancelled')} role="status">
        {t('client.confirmation.cancelled')}
      </Alert>
    );
  }
  // The last step (paid) is complete rather than "in progress".
  const finished = status === 'PAID';
  return (
    <ol className={classes.steps} aria-label={t('client.steps.label')}>
      {STEPS.map((step, i) => {
        const done = i < current || (finished && i === current);
        const isCurrent = i === current && !finished;
        return (
          <li
            key={step}
            className={classes.step}
            data-done={done}
            data-current={isCurrent}
            aria-current={isCurrent ? 'step' : undefined}
          >
            <span className={classes.stepDot} aria-hidden>
              {done ? <IconCheck size={18} stroke={3} /> : i + 1}
            </span>
            {t(`client.steps.${step}`)}
          </li>
        );
      })}
    </ol>
  );
}
