import { Badge, type BadgeProps } from '@chakra-ui/react';
import { LuCheck, LuPlus } from 'react-icons/lu';
import { chipColor, textOn } from './tag-colors.js';

/**
 * A tag drawn as a chip, the one way the app draws tags: filled with the tag's colour and its text in
 * black or white, whichever passes WCAG AA on that colour. `state` marks a chip in a chooser: an
 * assigned tag is filled with a check, an available one is an outline with a "+" and a dot of its
 * colour, so the two never look alike. Without `state` it is a plain (filled) chip.
 */
export const TagChip = ({
  tag,
  state,
  ...props
}: {
  tag: { name: string; color: string | null };
  state?: 'assigned' | 'available';
} & Omit<BadgeProps, 'children'>) => {
  const color = chipColor(tag.color);
  if (state === 'available')
    return (
      <Badge
        variant="outline"
        borderRadius="full"
        px="2"
        color="fg"
        data-tag-state="available"
        {...props}
      >
        <LuPlus aria-hidden />
        <span
          aria-hidden
          style={{ width: 8, height: 8, borderRadius: 4, background: color, flexShrink: 0 }}
        />
        {tag.name}
      </Badge>
    );
  return (
    <Badge
      borderRadius="full"
      px="2"
      data-tag-state={state}
      data-tag-chip=""
      style={{ background: color, color: textOn(color) }}
      {...props}
    >
      {state === 'assigned' && <LuCheck aria-hidden />}
      {tag.name}
    </Badge>
  );
};
