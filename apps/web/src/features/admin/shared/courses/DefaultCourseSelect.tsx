import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { courseLabel, useRestaurantCourses } from './use-courses';

/**
 * A category's default course: one of the restaurant's courses, or none (its dishes go in the first). Hidden while
 * the restaurant has no courses.
 */
export function DefaultCourseSelect({
  eateryId,
  value,
  onChange,
  error,
}: {
  eateryId: number;
  value: number | null;
  onChange: (course: number | null) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const courses = useRestaurantCourses(eateryId);
  if (courses.length === 0) return null;
  const data = courses.map((_, i) => ({ value: String(i + 1), label: courseLabel(t, courses, i + 1, i18n.language) }));
  return (
    <Select
      label={t('courses.defaultCourse')}
      description={t('courses.defaultCourseHint')}
      placeholder={courseLabel(t, courses, 1, i18n.language)}
      data={data}
      clearable
      maw={320}
      comboboxProps={{ withinPortal: true }}
      // A course no longer named (the list was shortened) shows as none: the server sends it to the first.
      value={value !== null && value <= courses.length ? String(value) : null}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      error={error}
    />
  );
}
