import { useState, type ReactNode } from 'react';
import { Modal, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { LIMITS } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesScope, useModalCloseGuard } from './forms/unsaved-changes';

/**
 * The add/edit modal of categories and dishes: adding offers two tabs, manual entry and the
 * ready-made catalogue; editing shows only the manual form. Full screen on phones. Its close (X, Escape, a click
 * outside) asks first while the manual form holds unsaved changes.
 */
export function ManualOrReadyMadeModal({
  title,
  editing,
  manual,
  readyMade,
  labels,
  initialTab = 'manual',
  onClose,
}: {
  title: string;
  editing: boolean;
  manual: ReactNode;
  readyMade: ReactNode;
  /** Translation keys of the two tabs. */
  labels: { manual: string; readyMade: string };
  initialTab?: 'manual' | 'predefined';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isMobile = useMediaQuery(`(max-width: ${LIMITS.mobileBreakpointPx - 1}px)`);
  const [tab, setTab] = useState<string | null>(initialTab);
  const guard = useModalCloseGuard(onClose);
  return (
    <Modal opened onClose={guard.close} title={title} size="lg" fullScreen={!!isMobile}>
      <UnsavedChangesScope guard={guard}>
        {editing ? (
          manual
        ) : (
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="manual">{t(labels.manual)}</Tabs.Tab>
              <Tabs.Tab value="predefined">{t(labels.readyMade)}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="manual">{manual}</Tabs.Panel>
            <Tabs.Panel value="predefined">{readyMade}</Tabs.Panel>
          </Tabs>
        )}
      </UnsavedChangesScope>
    </Modal>
  );
}
