import { Box, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from '../marketing.module.css';

/** Decorative drawing for wide screens (inline SVG, no image file): a phone with the menu and a new order. */
export function HeroArt() {
  const dishes = [40, 120, 200];
  return (
    <Box visibleFrom="md" style={{ alignSelf: 'center' }} aria-hidden>
      <svg viewBox="0 0 420 320" width="100%" role="presentation" focusable="false">
        <rect className={classes.artShadow} x="112" y="14" width="176" height="300" rx="26" />
        <rect className={classes.artPhone} x="104" y="6" width="176" height="300" rx="26" />
        <rect className={classes.artLine} x="164" y="18" width="56" height="6" rx="3" />
        {dishes.map((y) => (
          <g key={y}>
            <rect className={classes.artImg} x="120" y={y} width="64" height="64" rx="10" />
            <rect className={classes.artLine} x="194" y={y + 8} width="66" height="8" rx="4" />
            <rect className={classes.artLine} x="194" y={y + 24} width="50" height="6" rx="3" />
            <rect className={classes.artPrice} x="194" y={y + 42} width="34" height="12" rx="6" />
            <circle className={classes.artAccent} cx="252" cy={y + 48} r="11" />
            <path className={classes.artPlus} d={`M246 ${y + 48}h12M252 ${y + 42}v12`} />
          </g>
        ))}
        <g>
          <rect className={classes.artShadow} x="262" y="206" width="146" height="64" rx="14" />
          <rect className={classes.artCard} x="256" y="200" width="146" height="64" rx="14" />
          <circle className={classes.artOk} cx="284" cy="232" r="14" />
          <path className={classes.artPlus} d="M277 232l5 5 9-10" />
          <rect className={classes.artLine} x="306" y="220" width="78" height="8" rx="4" />
          <rect className={classes.artLine} x="306" y="236" width="52" height="6" rx="3" />
        </g>
        <g>
          <rect className={classes.artShadow} x="18" y="58" width="92" height="92" rx="14" />
          <rect className={classes.artCard} x="12" y="52" width="92" height="92" rx="14" />
          <rect className={classes.artQr} x="28" y="68" width="22" height="22" rx="3" />
          <rect className={classes.artQr} x="66" y="68" width="22" height="22" rx="3" />
          <rect className={classes.artQr} x="28" y="106" width="22" height="22" rx="3" />
          <rect className={classes.artQr} x="66" y="106" width="9" height="9" />
          <rect className={classes.artQr} x="79" y="119" width="9" height="9" />
        </g>
      </svg>
    </Box>
  );
}

/** The partnership page's highlight: 2-3 hours a day. */
export function HoursCard() {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      shadow="sm"
      style={{ alignSelf: 'center', justifySelf: 'center' }}
      maw={360}
      w="100%"
    >
      <Text className={classes.bigValue}>{t('marketing.partnership.hours.value')}</Text>
      <Text size="lg" fw={600} mt={4}>
        {t('marketing.partnership.hours.label')}
      </Text>
      <Text mt="sm">{t('marketing.partnership.hours.text')}</Text>
    </Paper>
  );
}
