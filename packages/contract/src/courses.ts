import { z } from 'zod';
import { COURSES_MAX } from './course-rules.js';

/** Validation message keys of firing a course. */
export const COURSE_V = {
  /** The course is a whole number 1..COURSES_MAX. */
  course: 'validation.course',
} as const;

/**
 * POST /api/eatery/{id}/orders/{orderId}/fire: the held lines of `course` and of every earlier course go to the
 * kitchen. 409 `nothingHeld` when none of them is held.
 */
export const fireCourseBody = z.object({
  course: z
    .number({ error: COURSE_V.course })
    .int({ error: COURSE_V.course })
    .min(1, { error: COURSE_V.course })
    .max(COURSES_MAX, { error: COURSE_V.course }),
});
export type FireCourseBody = z.input<typeof fireCourseBody>;
