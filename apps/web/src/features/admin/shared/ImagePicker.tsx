import { ApiError } from '../../../api/api-error';
import '@mantine/dropzone/styles.css';
import { useEffect, useMemo, useState } from 'react';
import { AspectRatio, Button, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhoto, IconPhotoOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { LIMITS } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';

/**
 * The image of a category or dish form: the picked file (already converted to webp) and the URL of the
 * image stored on the server (null once removed, or when there is none).
 */
export interface ImageValue {
  file: File | null;
  url: string | null;
}

export const emptyImage = (url: string | null = null): ImageValue => ({ file: null, url });

/** The image part of a multipart save: the new file, or whether the stored image is to be removed. */
export function imageChange(initialUrl: string | null, value: ImageValue): { file: File | null; remove: boolean } {
  return { file: value.file, remove: !value.file && !!initialUrl && !value.url };
}

const ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/bmp', 'image/tiff'];

const webpName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'image'}.webp`;

async function decode(file: File): Promise<CanvasImageSource & { width: number; height: number }> {
  if (typeof createImageBitmap === 'function') return createImageBitmap(file);
  const url = URL.createObjectURL(file);
  try {
    const img = new window.Image();
    img.src = url;
    await img.decode();
    return img;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Converts an image to webp at quality 0.8 with a canvas, at most 1600 px on the longer side, so a photo
 * straight from a phone (4032×3024, 10 MB) goes through the server's 3 MB limit. A webp file within the limit
 * is kept as it is. When the browser cannot decode or encode it, the original file is used (and the size
 * check after conversion decides).
 */
export async function toWebp(file: File): Promise<File> {
  if (file.type === 'image/webp' && file.size <= LIMITS.imageBytes) return file;
  try {
    const source = await decode(file);
    const scale = Math.min(1, LIMITS.imageMaxPx / Math.max(source.width, source.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(source.width * scale));
    canvas.height = Math.max(1, Math.round(source.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
    if ('close' in source && typeof source.close === 'function') source.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', LIMITS.webpQuality));
    // Browsers without a webp encoder answer with a png: keep the original then.
    if (!blob || blob.type !== 'image/webp') return file;
    return new File([blob], webpName(file.name), { type: 'image/webp', lastModified: Date.now() });
  } catch {
    return file;
  }
}

/**
 * Check of a picked file before it is converted: only images, and at most 40 MB (larger files are not
 * decoded at all: a cheap phone would run out of memory). The 3 MB limit is checked after conversion.
 */
export function checkImageFile(file: File): string | null {
  if (file.type && !file.type.startsWith('image/')) return 'imagePicker.notImage';
  if (file.size > LIMITS.pickedImageBytes) return 'imagePicker.tooLargeToPrepare';
  return null;
}

/** Check of the file to upload (after conversion): the server refuses files above 3145728 bytes (3 MB). */
export function checkUploadSize(file: File): string | null {
  return file.size > LIMITS.imageBytes ? 'imagePicker.tooLarge' : null;
}

/**
 * Image field: drop or pick a file (checked against the 3 MB limit, converted to webp), preview, change and
 * remove. `error` is an already translated message (e.g. from the server).
 */
export function ImagePicker({
  value,
  onChange,
  label,
  error,
  onBusyChange,
}: {
  value: ImageValue;
  onChange: (value: ImageValue) => void;
  label?: string;
  error?: string;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const [localError, setLocalError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileUrl = useMemo(() => (value.file ? URL.createObjectURL(value.file) : null), [value.file]);
  useEffect(() => () => void (fileUrl && URL.revokeObjectURL(fileUrl)), [fileUrl]);
  const preview = fileUrl ?? value.url;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    setLocalError(problem);
    if (problem) return;
    setBusy(true);
    onBusyChange?.(true);
    try {
      const converted = await toWebp(file);
      const tooLarge = checkUploadSize(converted);
      setLocalError(tooLarge);
      if (!tooLarge) onChange({ ...value, file: converted });
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  };

  const shownError = localError ? t(localError) : error;
  // The two drop zones (over the preview, or the empty field) take a file the same way.
  const dropProps = {
    onDrop: (files: File[]) => void pick(files[0]),
    onReject: () => setLocalError('imagePicker.notImage'),
    accept: ACCEPT,
    multiple: false,
    loading: busy,
  };
  return (
    <Input.Wrapper label={label ?? t('imagePicker.label')} error={shownError}>
      {preview ? (
        <Paper withBorder radius="md" p="xs" mt={4}>
          <Group align="center" gap="sm" wrap="nowrap">
            <AspectRatio ratio={4 / 3} w={120} style={{ flexShrink: 0 }}>
              <Image src={preview} alt={t('imagePicker.preview')} radius="sm" fit="cover" />
            </AspectRatio>
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Dropzone
                {...dropProps}
                p={0}
                style={{ border: 0, background: 'none' }}
                inputProps={{ 'aria-label': t('imagePicker.change') }}
              >
                <Button component="span" variant="light" size="xs" leftSection={<IconUpload size={14} />}>
                  {t('imagePicker.change')}
                </Button>
              </Dropzone>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => {
                  setLocalError(null);
                  onChange({ file: null, url: null });
                }}
              >
                {t('imagePicker.remove')}
              </Button>
            </Stack>
          </Group>
        </Paper>
      ) : (
        <Dropzone {...dropProps} mt={4} p="md" inputProps={{ 'aria-label': label ?? t('imagePicker.label') }}>
          <Group justify="center" gap="sm" wrap="nowrap" mih={64} style={{ pointerEvents: 'none' }}>
            <Dropzone.Reject>
              <IconPhotoOff size={32} stroke={1.5} />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={32} stroke={1.5} />
            </Dropzone.Idle>
            <Dropzone.Accept>
              <IconUpload size={32} stroke={1.5} />
            </Dropzone.Accept>
            <div>
              <Text size="sm">{busy ? t('imagePicker.preparing') : t('imagePicker.drop')}</Text>
              <Text size="xs" c="dimmed">
                {t('imagePicker.hint')}
              </Text>
            </div>
          </Group>
        </Dropzone>
      )}
    </Input.Wrapper>
  );
}

/** The server's image refusals (413 imageTooLarge, 415 unsupportedImage), shown under the picker, not in a banner. */
export function imageErrorKey(error: unknown): string | null {
  return error instanceof ApiError && (error.messageKey === 'imageTooLarge' || error.messageKey === 'unsupportedImage')
    ? error.messageKey
    : null;
}
