import { useQuery } from '@tanstack/react-query';
import { courseName, type CourseNames, type Eatery } from '@qr-menu/contract';
import { api } from '../../../../api/client';
import { restaurantKeys } from '../restaurants-api';
import { useSelectedRestaurantId } from '../use-selected-restaurant';
import './courses-texts';

const NONE: CourseNames[] = [];

/**
 * Restaurant `eateryId` (else the selected one) from the restaurants the screen already loaded: this reads the cached
 * list and never asks the server itself.
 */
export function useCachedRestaurant(eateryId?: number | null): Eatery | undefined {
  const selected = useSelectedRestaurantId();
  const id = eateryId ?? selected;
  const restaurants = useQuery({
    queryKey: restaurantKeys.all,
    queryFn: () => api<Eatery[]>('/api/eatery'),
    enabled: false,
  });
  return restaurants.data?.find((r) => r.id === id);
}

/** The courses of restaurant `eateryId` (else the selected one), as useCachedRestaurant finds it; [] : none. */
export function useRestaurantCourses(eateryId?: number | null): CourseNames[] {
  return useCachedRestaurant(eateryId)?.courses ?? NONE;
}

/** The translate function's shape courseLabel needs (react-i18next's `t`). */
type Translate = (key: string, options: Record<string, unknown>) => string;

/** A course as staff read it: its name in the interface language, else "Course n". */
export function courseLabel(t: Translate, courses: readonly CourseNames[], course: number, lang: string): string {
  return courseName(courses, course, lang) || t('courses.courseN', { n: course });
}
