import { useState } from 'react';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlayFilled, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { demoVideo, type DemoVideo as Video } from '../lib/config';
import classes from '../marketing.module.css';
import { ChatButton } from './ChatButton';

/** An illustration drawn in SVG (no external image): a phone showing a menu next to a QR code. */
function PosterArt() {
  return (
    <svg className={classes.posterArt} viewBox="0 0 320 180" preserveAspectRatio="xMidYMid slice" aria-hidden>
      <g fill="currentColor" opacity="0.16">
        <rect x="28" y="28" width="78" height="124" rx="12" />
        <rect x="214" y="48" width="74" height="74" rx="6" />
      </g>
      <g fill="none" stroke="currentColor" strokeWidth="3" opacity="0.5">
        <rect x="28" y="28" width="78" height="124" rx="12" />
        <rect x="214" y="48" width="74" height="74" rx="6" />
      </g>
      <g fill="currentColor" opacity="0.55">
        <rect x="40" y="44" width="54" height="28" rx="4" />
        <rect x="40" y="80" width="40" height="6" rx="3" />
        <rect x="40" y="92" width="54" height="6" rx="3" />
        <rect x="40" y="110" width="54" height="28" rx="4" />
        <rect x="222" y="56" width="18" height="18" />
        <rect x="262" y="56" width="18" height="18" />
        <rect x="222" y="96" width="18" height="18" />
        <rect x="248" y="82" width="8" height="8" />
        <rect x="262" y="100" width="8" height="8" />
        <rect x="272" y="90" width="8" height="8" />
      </g>
    </svg>
  );
}

function Player({ video, title, onError }: { video: Video; title: string; onError: () => void }) {
  if (video.kind === 'file') {
    return (
      <video className={classes.frame} src={video.src} controls autoPlay playsInline title={title} onError={onError} />
    );
  }
  return (
    <iframe
      className={classes.frame}
      src={video.src}
      title={title}
      loading="lazy"
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

/**
 * The demo video block: a poster drawn in CSS and SVG; the video (VITE_DEMO_VIDEO_URL) or its iframe is created
 * only after a click. Offline, or when the file fails to load, a message and the chat link replace it. Without a
 * configured address the poster invites to a live demo in chat instead.
 */
export function DemoVideo({ url }: { url?: string }) {
  const { t } = useTranslation();
  const video = demoVideo(url);
  const [state, setState] = useState<'poster' | 'playing' | 'failed'>('poster');
  const title = t('marketing.business.video.frameTitle');

  const play = () => setState(typeof navigator !== 'undefined' && navigator.onLine === false ? 'failed' : 'playing');

  return (
    <Stack component="section" aria-labelledby="video-title" gap="md">
      <Title order={2} id="video-title">
        {t('marketing.business.video.title')}
      </Title>
      <Text>{t('marketing.business.video.lead')}</Text>
      {video && state === 'playing' ? (
        <>
          <Player video={video} title={title} onError={() => setState('failed')} />
          {/* An embed cannot tell us that it failed (offline, blocked): the way out stays visible. */}
          <Group gap="sm">
            <Text size="sm">{t('marketing.business.video.trouble')}</Text>
            <ChatButton labelKey="marketing.cta.demo" messageKey="marketing.chat.demoText" size="sm" />
          </Group>
        </>
      ) : video && state === 'poster' ? (
        <button
          type="button"
          className={classes.poster}
          onClick={play}
          aria-label={t('marketing.business.video.play')}
          data-testid="video-poster"
        >
          <PosterArt />
          <span className={classes.play}>
            <IconPlayerPlayFilled size={32} aria-hidden />
          </span>
        </button>
      ) : (
        <div className={classes.poster} data-testid="video-poster">
          <PosterArt />
        </div>
      )}
      {(!video || state === 'failed') && (
        <Alert
          variant="light"
          color="gray"
          icon={state === 'failed' ? <IconWifiOff aria-hidden /> : undefined}
          role={state === 'failed' ? 'status' : undefined}
        >
          <Stack gap="sm" align="flex-start">
            <Text c="dark.9">
              {state === 'failed' ? t('marketing.business.video.failed') : t('marketing.business.video.soon')}
            </Text>
            <ChatButton labelKey="marketing.cta.demo" messageKey="marketing.chat.demoText" />
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
