import { IconClockPause } from '@tabler/icons-react';
import type { CourseNames, GuestOrder } from '@qr-menu/contract';
import { courseName } from '@qr-menu/contract/constants';
import { useTranslation } from '../lib/i18n';
import { ui } from '../ui/parts';
import classes from '../guest.module.css';

/** A later course waiting for the kitchen, and the course the guest is having before it. */
export interface HeldNote {
  later: number;
  earlier: number;
}

/**
 * One note per held course of the order's live lines, first course first: it follows the order's latest course before
 * it (else simply the restaurant's course before it).
 */
export function heldNotes(items: GuestOrder['items']): HeldNote[] {
  const live = items.filter((i) => i.status !== 'DELETED' && i.course !== null);
  const held = [...new Set(live.filter((i) => i.held).map((i) => i.course!))].sort((a, b) => a - b);
  const ordered = live.map((i) => i.course!);
  return held.map((later) => {
    const before = ordered.filter((c) => c < later);
    return { later, earlier: before.length > 0 ? Math.max(...before) : Math.max(1, later - 1) };
  });
}

/** "Mains will follow after Starters": the guest's held courses, named in the guest's language. */
export function HeldCourses({ order, courses }: { order: GuestOrder; courses: CourseNames[] | undefined }) {
  const { t, i18n } = useTranslation();
  const notes = heldNotes(order.items);
  if (notes.length === 0) return null;
  const name = (n: number) => courseName(courses, n, i18n.language) || t('client.courses.courseN', { n });
  return (
    <div data-testid="held-courses">
      {notes.map((n) => (
        <p key={n.later} className={`${classes.estimate} ${ui.dimmed}`}>
          <IconClockPause size={20} aria-hidden style={{ flex: 'none' }} />
          <span>{t('client.courses.follow', { later: name(n.later), earlier: name(n.earlier) })}</span>
        </p>
      ))}
    </div>
  );
}
