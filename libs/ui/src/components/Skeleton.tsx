import styled, { css, type DefaultTheme, keyframes, useTheme } from 'styled-components';
import { VisuallyHidden } from './VisuallyHidden';

export type SkeletonVariant = 'text' | 'block' | 'circle';
/** A width from the theme's skeleton scale, or a share of the row. */
export type SkeletonWidth = keyof DefaultTheme['sizes']['skeleton']['width'] | `${number}%`;
/** A height from the theme's skeleton scale. */
export type SkeletonHeight = keyof DefaultTheme['sizes']['skeleton']['height'];

export interface SkeletonProps {
  variant?: SkeletonVariant;
  /** Number of text lines (variant 'text'); the last one is shorter. */
  lines?: number;
  /** Width of each shape (a theme token or a percentage); text lines default to 100%. */
  width?: SkeletonWidth;
  /** Height (a theme token); text lines default to 'text', blocks to 'textarea', circles to 'avatar'. */
  height?: SkeletonHeight;
  /** Announced once to assistive technology. */
  label?: string;
  /** When several skeletons show together, mark all but one decorative so it is announced once. */
  decorative?: boolean;
  className?: string;
}

/**
 * A pulse of the shape's opacity: the compositor runs it, so a skeleton costs the page no paint
 * while it waits. The shimmer it replaced (a moving background gradient) repainted every shape on
 * the main thread each frame, 1.5–3.5 ms a frame, in the very window the panel waits for its deal
 * and then renders it.
 */
const pulse = keyframes`
  50% { opacity: 0.45; }
`;

const shapeBase = css`
  display: block;
  background: ${({ theme }) => theme.colors.skeleton};
  animation: ${pulse} 1.4s ease-in-out infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const StyledGroup = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  width: 100%;
`;

const StyledShape = styled.span<{ $variant: SkeletonVariant; $width: string; $height: string }>`
  ${shapeBase}
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height};
  border-radius: ${({ theme, $variant }) =>
    $variant === 'circle'
      ? theme.radii.round
      : $variant === 'block'
        ? theme.radii.md
        : theme.radii.sm};
`;

const DEFAULT_HEIGHT: Record<SkeletonVariant, SkeletonHeight> = {
  text: 'text',
  block: 'textarea',
  circle: 'avatar',
};

const isShare = (width: SkeletonWidth): width is `${number}%` => width.endsWith('%');

function widthOf(theme: DefaultTheme, width: SkeletonWidth): string {
  return isShare(width) ? width : theme.sizes.skeleton.width[width];
}

/** Placeholder shapes for content that is loading. */
export function Skeleton({
  variant = 'text',
  lines = 1,
  width,
  height,
  label = 'Carregando...',
  decorative = false,
  className,
}: SkeletonProps) {
  const theme = useTheme();
  const shapeHeight = theme.sizes.skeleton.height[height ?? DEFAULT_HEIGHT[variant]];
  const count = variant === 'text' ? Math.max(1, lines) : 1;
  const shapes = Array.from({ length: count }, (_, index) => {
    const isShortLine = variant === 'text' && count > 1 && index === count - 1;
    const shapeWidth = width
      ? widthOf(theme, width)
      : variant === 'circle'
        ? shapeHeight
        : isShortLine
          ? '60%'
          : '100%';
    return (
      <StyledShape
        key={index}
        aria-hidden="true"
        $variant={variant}
        $width={shapeWidth}
        $height={shapeHeight}
      />
    );
  });

  if (decorative) {
    return (
      <StyledGroup aria-hidden="true" className={className}>
        {shapes}
      </StyledGroup>
    );
  }
  return (
    <StyledGroup role="status" aria-busy="true" className={className}>
      <VisuallyHidden>{label}</VisuallyHidden>
      {shapes}
    </StyledGroup>
  );
}
