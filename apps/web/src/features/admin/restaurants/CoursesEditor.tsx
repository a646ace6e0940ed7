import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash, IconWand } from '@tabler/icons-react';
import { COURSES_MAX, LANGUAGES, type CourseNames } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';

/** The usual three courses, named in every language at once (the owner's quick start). */
export const STARTERS_MAINS_DESSERTS: readonly CourseNames[] = [
  { az: 'Qəlyanaltılar', en: 'Starters', ru: 'Закуски' },
  { az: 'Əsas yeməklər', en: 'Mains', ru: 'Основные блюда' },
  { az: 'Desertlər', en: 'Desserts', ru: 'Десерты' },
];

const LANGUAGE_LABEL = { az: 'serviceChargeNameAz', en: 'serviceChargeNameEn', ru: 'serviceChargeNameRu' } as const;

/**
 * The restaurant's courses in serving order: each named in az, en and ru (one language is enough), moved up or down,
 * removed; at most COURSES_MAX. With none, a button fills in starters, mains and desserts. `err` translates a
 * field's error.
 */
export function CoursesEditor<V extends { courses: CourseNames[] }>({
  form,
  err,
}: {
  form: UseFormReturnType<V>;
  err: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const courses = form.getValues().courses;
  // A new course and the quick fill, as the form's own type of the list (a generic form cannot infer it).
  const blank = { az: '', en: '', ru: '' } as V['courses'][number] as never;
  const usual = STARTERS_MAINS_DESSERTS.map((c) => ({ ...c })) as V['courses'] as never;
  const move = (from: number, to: number) => form.reorderListItem('courses', { from, to });
  const listError = err('courses');
  return (
    <Stack gap="xs" role="group" aria-label={t('restaurantSettings.courses')}>
      <div>
        <Text size="sm" fw={500}>
          {t('restaurantSettings.courses')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('restaurantSettings.coursesHint')}
        </Text>
      </div>
      {courses.map((_, i) => {
        const n = i + 1;
        return (
          <Paper key={i} withBorder p="xs" radius="sm" data-testid="course-row">
            <Group justify="space-between" mb={4} wrap="nowrap">
              <Text size="sm" fw={700}>
                {t('restaurantSettings.courseLabel', { n })}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('restaurantSettings.moveCourseUp', { n })}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  <IconArrowUp size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('restaurantSettings.moveCourseDown', { n })}
                  disabled={i === courses.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  <IconArrowDown size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('restaurantSettings.removeCourse', { n })}
                  onClick={() => form.removeListItem('courses', i)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
              {LANGUAGES.map((l) => (
                <TextInput
                  key={l}
                  label={t(`restaurantSettings.${LANGUAGE_LABEL[l]}`)}
                  aria-label={t('restaurantSettings.courseNameIn', {
                    n,
                    language: t(`restaurantSettings.${LANGUAGE_LABEL[l]}`),
                  })}
                  maxLength={40}
                  {...form.getInputProps(`courses.${i}.${l}`)}
                  error={err(`courses.${i}.${l}`)}
                />
              ))}
            </SimpleGrid>
          </Paper>
        );
      })}
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={courses.length >= COURSES_MAX}
          onClick={() => form.insertListItem('courses', blank)}
        >
          {t('restaurantSettings.addCourse')}
        </Button>
        {courses.length === 0 && (
          <Button
            variant="subtle"
            leftSection={<IconWand size={16} />}
            onClick={() => form.setFieldValue('courses', usual)}
          >
            {t('restaurantSettings.quickFillCourses')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
