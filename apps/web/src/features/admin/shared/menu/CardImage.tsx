import { AspectRatio, Box, Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

/**
 * A card picture in a fixed 4:3 box (nothing jumps while it loads): a thumbnail beside the text on phones,
 * the full card width on wider screens.
 */
export function CardImage({
  src,
  alt,
  emptyLabel,
  dimmed,
}: {
  src: string | null;
  alt: string;
  emptyLabel: string;
  dimmed?: boolean;
}) {
  return (
    <Box
      w={{ base: 96, sm: '100%' }}
      style={{ flexShrink: 0, borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
    >
      <AspectRatio ratio={4 / 3} style={dimmed ? { opacity: 0.6 } : undefined}>
        {src ? (
          <Image src={src} alt={alt} fit="cover" loading="lazy" />
        ) : (
          <Center bg="gray.1" aria-label={emptyLabel} role="img">
            <IconPhoto size={36} stroke={1.3} color="var(--mantine-color-gray-5)" />
          </Center>
        )}
      </AspectRatio>
    </Box>
  );
}
