import { Box, Button, Text, type MantineSpacing } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { mayDo, nextHeldCourse, type Order, type Role } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../components/use-error-text';
import { useFireCourse } from './fire-api';
import { courseLabel, useCachedRestaurant } from './use-courses';

/**
 * "Fire mains": sends the order's first held course to the kitchen. Shown only where the order has held lines and
 * the caller may fire (ROLE_MATRIX.fireCourse: `roles`, else the caller's roles in the restaurant as loaded); nothing
 * otherwise. A refusal is said under the button.
 */
export function FireCourseButton({
  order,
  roles,
  mb,
}: {
  order: Order;
  roles?: readonly Role[];
  /** Space below it (the floor's order block). */
  mb?: MantineSpacing;
}) {
  const { t, i18n } = useTranslation();
  const restaurant = useCachedRestaurant(order.eateryId);
  const courses = restaurant?.courses ?? [];
  const fire = useFireCourse(order.eateryId);
  const errorText = useErrorText();
  const course = nextHeldCourse(order.items);
  // Fired: gone at once, until the order shown is as new as the answer (the socket's event) and says what is held.
  const firedNow = fire.isSuccess && fire.variables?.orderId === order.id && fire.data.version > order.version;
  // A cancelled order's lines go nowhere (a paid one is still cooked); one waiting for confirmation is not the
  // kitchen's yet.
  const closed = order.status === 'CANCELLED' || order.status === 'NEEDS_CONFIRMATION';
  if (course === null || closed || firedNow || !mayDo(roles ?? restaurant?.roles, 'fireCourse')) return null;
  const name = courseLabel(t, courses, course, i18n.language);
  return (
    <Box mb={mb}>
      <Button
        size="sm"
        color="orange"
        leftSection={<IconFlame size={16} />}
        loading={fire.isPending}
        onClick={() => fire.mutate({ orderId: order.id, course })}
        aria-label={t('courses.fireNamed', { course: name, number: order.number })}
        data-action="fire-course"
        style={{ flex: '1 0 auto' }}
      >
        {t('courses.fire', { course: name })}
      </Button>
      {fire.error && (
        <Text size="sm" c="red" role="alert" mt={4}>
          {errorText(fire.error)}
        </Text>
      )}
    </Box>
  );
}
