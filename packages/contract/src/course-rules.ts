import { localNameByLanguage } from './localize.js';
import type { ItemStatus } from './enums.js';

/**
 * Courses (zod-free): a restaurant names up to COURSES_MAX courses in serving order; a line's `course` n is the
 * restaurant's entry n - 1. Lines of a later course placed with an earlier one wait `held` until they are fired: by
 * staff (POST .../orders/{orderId}/fire) or, when the restaurant chooses AFTER_PREVIOUS, once every line of the
 * courses before them is READY.
 */

/** The most courses a restaurant may name (starters, soup, mains, cheese, dessert, coffee). */
export const COURSES_MAX = 6;

/** One course's name per language. */
export interface CourseNames {
  az: string;
  en: string;
  ru: string;
}

/** What the course rules read of an order line. */
export interface CourseLine {
  status: ItemStatus;
  course: number | null;
  held: boolean;
}

const live = <T extends CourseLine>(lines: readonly T[]) => lines.filter((l) => l.status !== 'DELETED');

/** The first course among the order's live held lines (what a "fire" button sends), or null when nothing waits. */
export function nextHeldCourse(lines: readonly CourseLine[]): number | null {
  const held = live(lines)
    .filter((l) => l.held && l.course !== null)
    .map((l) => l.course!);
  return held.length === 0 ? null : Math.min(...held);
}

/**
 * With AFTER_PREVIOUS: the held course the order's lines let go now, or null. It is the first held course, once
 * every live line of an earlier course that is not held itself is READY or SERVED (the previous course was bumped).
 */
export function courseReadyToFire(lines: readonly CourseLine[]): number | null {
  const next = nextHeldCourse(lines);
  if (next === null) return null;
  const earlier = live(lines).filter((l) => !l.held && l.course !== null && l.course < next);
  return earlier.every((l) => l.status === 'READY' || l.status === 'SERVED') ? next : null;
}

/**
 * Course n's name in `lang`, else in another language (az, en, ru), else '' (the screen then says "Course n"). A
 * course the restaurant no longer names (its list was shortened) is ''.
 */
export function courseName(courses: readonly CourseNames[] | undefined, course: number, lang: string): string {
  const names = courses?.[course - 1];
  return names ? localNameByLanguage(names, lang) : '';
}
