import { useState } from 'react';
import { Alert, Anchor, Button, Card, FileInput, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet, IconFileZip, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MENU_TRANSFER_FORMATS, type MenuImportReport, type MenuTransferFormat } from '@qr-menu/contract';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { useErrorText } from '../../../components/use-error-text';
import { RestaurantScreen, type RestaurantScreenProps } from '../shared/ChooseRestaurant';
import { ScreenHeader } from '../shared/ScreenHeader';
import { downloadExport } from './download-export-api';
import { downloadTemplate } from './download-template-api';
import { ImportReportView } from './ImportReportView';
import { usePreviewImport } from './preview-import-api';
import { useRunImport } from './run-import-api';
import { FORMAT_LABELS } from './transfer-paths';

/** `/admin/menu/import`: the menu as a spreadsheet, out (template, export) and in (check, then import). */
export const MenuImportPage = () => <RestaurantScreen titleKey="menuTransfer.title" screen={MenuImportScreen} />;

function MenuImportScreen({ restaurantId, restaurantName, canManage }: RestaurantScreenProps) {
  const { t } = useTranslation();
  const params = useParams();
  const menuPath = params.restaurantId ? `/admin/restaurant/${restaurantId}/menu` : '/admin/menu';
  return (
    <>
      <ScreenHeader
        title={t('menuTransfer.title')}
        restaurantName={restaurantName}
        action={
          <Button variant="light" component={Link} to={menuPath}>
            {t('menuTransfer.backToMenu')}
          </Button>
        }
      />
      {canManage ? (
        <Stack gap="lg">
          <DownloadCard restaurantId={restaurantId} />
          <ImportCard restaurantId={restaurantId} menuPath={menuPath} />
        </Stack>
      ) : (
        <Text c="dimmed">{t('menuTransfer.adminsOnly')}</Text>
      )}
    </>
  );
}

type Download = 'template' | 'export' | 'photos';

function DownloadCard({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [format, setFormat] = useState<MenuTransferFormat>('xlsx');
  const [busy, setBusy] = useState<Download | null>(null);

  const run = async (what: Download) => {
    setBusy(what);
    try {
      if (what === 'template') await downloadTemplate(restaurantId, format);
      else await downloadExport(restaurantId, format, what === 'photos');
    } catch (err) {
      notifications.show({ color: 'red', title: t('menuTransfer.download.failed'), message: errorText(err) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="menu-transfer-download">
      <Stack gap="sm">
        <Title order={3} id="menu-transfer-download">
          {t('menuTransfer.download.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('menuTransfer.download.hint')}
        </Text>
        <SegmentedControl
          aria-label={t('menuTransfer.download.format')}
          value={format}
          onChange={(v) => setFormat(v as MenuTransferFormat)}
          data={MENU_TRANSFER_FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] }))}
          style={{ alignSelf: 'flex-start' }}
        />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={18} />}
            loading={busy === 'template'}
            onClick={() => void run('template')}
          >
            {t('menuTransfer.download.template')}
          </Button>
          <Button
            leftSection={<IconDownload size={18} />}
            loading={busy === 'export'}
            onClick={() => void run('export')}
          >
            {t('menuTransfer.download.export')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileZip size={18} />}
            loading={busy === 'photos'}
            onClick={() => void run('photos')}
          >
            {t('menuTransfer.download.exportPhotos')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ImportCard({ restaurantId, menuPath }: { restaurantId: number; menuPath: string }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File | null>(null);
  /** The check of the files chosen now; gone when another file is chosen. */
  const [report, setReport] = useState<MenuImportReport | null>(null);
  const [imported, setImported] = useState<MenuImportReport | null>(null);
  const [changed, setChanged] = useState(false);
  /** Counts the checks: each new result starts with its own view (which rows it shows). */
  const [checks, setChecks] = useState(0);
  const preview = usePreviewImport(restaurantId);
  const runImport = useRunImport(restaurantId);

  const choose = (set: (f: File | null) => void) => (f: File | null) => {
    set(f);
    setReport(null);
    setImported(null);
    setChanged(false);
    preview.reset();
    runImport.reset();
  };
  const check = () => {
    if (!file) return;
    setImported(null);
    preview.mutate(
      { file, photos },
      {
        onSuccess: (result) => {
          setReport(result);
          setChecks((n) => n + 1);
        },
      },
    );
  };
  const doImport = () => {
    if (!file) return;
    runImport.mutate(
      { file, photos },
      {
        onSuccess: (done) => {
          if (done) {
            setImported(done);
            setReport(null);
            return;
          }
          // Refused: the menu changed since the check. The check again shows why.
          setChanged(true);
          check();
        },
      },
    );
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="menu-transfer-import">
      <Stack gap="sm">
        <Title order={3} id="menu-transfer-import">
          {t('menuTransfer.upload.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('menuTransfer.upload.hint')}
        </Text>
        <FileInput
          label={t('menuTransfer.upload.file')}
          description={t('menuTransfer.upload.fileHint')}
          placeholder={t('menuTransfer.upload.choose')}
          accept=".xlsx,.csv,.zip,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv,application/zip"
          leftSection={<IconFileSpreadsheet size={18} />}
          value={file}
          onChange={choose(setFile)}
          clearable
          fileInputProps={{ 'data-testid': 'import-file-input' } as React.ComponentProps<'input'>}
          data-testid="import-file"
        />
        <FileInput
          label={t('menuTransfer.upload.photos')}
          description={t('menuTransfer.upload.photosHint')}
          placeholder={t('menuTransfer.upload.choose')}
          accept=".zip,application/zip"
          leftSection={<IconFileZip size={18} />}
          value={photos}
          onChange={choose(setPhotos)}
          clearable
          fileInputProps={{ 'data-testid': 'import-photos-input' } as React.ComponentProps<'input'>}
          data-testid="import-photos"
        />
        <Group gap="sm">
          <Button variant="default" onClick={check} disabled={!file} loading={preview.isPending}>
            {t('menuTransfer.upload.check')}
          </Button>
          <Button
            leftSection={<IconUpload size={18} />}
            onClick={doImport}
            disabled={!report?.ok || preview.isPending}
            loading={runImport.isPending}
          >
            {t('menuTransfer.upload.import')}
          </Button>
        </Group>
        {file && !report && !imported && !preview.isPending && (
          <Text size="sm" c="dimmed">
            {t('menuTransfer.upload.checkFirst')}
          </Text>
        )}
        {report && !report.ok && (
          <Text size="sm" c="red.9" role="status">
            {t('menuTransfer.upload.fixFirst')}
          </Text>
        )}
        {changed && (
          <Alert color="yellow" variant="light">
            {t('menuTransfer.upload.changed')}
          </Alert>
        )}
        <ErrorBanner error={preview.error ?? runImport.error} />
        {imported && (
          <Alert color="green" variant="light" title={t('menuTransfer.done.title')} role="status">
            <Text size="sm">
              {t('menuTransfer.done.text', {
                created: imported.dishes.new,
                updated: imported.dishes.updated,
                categories: imported.categories.new,
              })}
            </Text>
            <Anchor component={Link} to={menuPath} size="sm" underline="always">
              {t('menuTransfer.done.toMenu')}
            </Anchor>
          </Alert>
        )}
        {report && <ImportReportView key={checks} report={report} />}
      </Stack>
    </Card>
  );
}
