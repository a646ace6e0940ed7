import { describe, expect, it } from 'vitest';
import { courseName, courseReadyToFire, nextHeldCourse, type CourseLine } from '../src/course-rules.js';

const line = (course: number | null, status: CourseLine['status'], held = false): CourseLine => ({
  course,
  status,
  held,
});

describe('course rules', () => {
  it('the next held course is the first course among live held lines', () => {
    expect(nextHeldCourse([line(1, 'CREATED'), line(3, 'CREATED', true), line(2, 'CREATED', true)])).toBe(2);
    // A voided held line waits for nothing.
    expect(nextHeldCourse([line(1, 'CREATED'), line(2, 'DELETED', true)])).toBeNull();
    expect(nextHeldCourse([line(null, 'CREATED')])).toBeNull();
  });

  it('AFTER_PREVIOUS lets the first held course go once every earlier fired line is READY or SERVED', () => {
    const starters = (a: CourseLine['status'], b: CourseLine['status']) => [
      line(1, a),
      line(1, b),
      line(2, 'CREATED', true),
      line(3, 'CREATED', true),
    ];
    expect(courseReadyToFire(starters('READY', 'PREPARING'))).toBeNull();
    expect(courseReadyToFire(starters('READY', 'SERVED'))).toBe(2);
    // A voided starter does not hold the mains back; lines without a course do not count.
    expect(courseReadyToFire([line(1, 'DELETED'), line(null, 'CREATED'), line(2, 'CREATED', true)])).toBe(2);
    // Mains fired but cooking: the desserts wait.
    expect(courseReadyToFire([line(1, 'READY'), line(2, 'PREPARING'), line(3, 'CREATED', true)])).toBeNull();
    expect(courseReadyToFire([line(1, 'READY')])).toBeNull();
  });

  it('a course is named in the language asked, else in another, else not at all', () => {
    const courses = [
      { az: 'Qəlyanaltılar', en: 'Starters', ru: 'Закуски' },
      { az: '', en: 'Mains', ru: '' },
    ];
    expect(courseName(courses, 1, 'ru')).toBe('Закуски');
    expect(courseName(courses, 2, 'az')).toBe('Mains');
    expect(courseName(courses, 3, 'en')).toBe('');
    expect(courseName(undefined, 1, 'en')).toBe('');
  });
});
