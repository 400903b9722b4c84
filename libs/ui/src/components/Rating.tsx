import { RATING_MAX, type Rating as RatingValue } from '@crm-panel/crm-model';
import { type KeyboardEvent, useRef, useState } from 'react';
import styled from 'styled-components';
import { Icon } from './Icon';

export interface RatingProps {
  /** 0 (not rated) to 5; fractions are rounded. */
  value: number;
  onChange?: (value: RatingValue) => void;
  /** Stars are only displayed unless this is false (and onChange is given). */
  readOnly?: boolean;
  disabled?: boolean;
  /** Accessible name of the editable star group. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const STAR_PX = { sm: 14, md: 18, lg: 24 } as const;
const STARS: RatingValue[] = [1, 2, 3, 4, 5];

const ratingText = (value: number) => `${value} de ${RATING_MAX} estrelas`;

const clamp = (value: number) => Math.min(RATING_MAX, Math.max(0, Math.round(value)));

const toRating = (value: number): RatingValue => {
  const whole = Math.min(RATING_MAX, Math.max(1, Math.round(value)));
  return STARS[whole - 1] ?? 1;
};

const StyledGroup = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[0.5]};
`;

const StyledStar = styled.span<{ $filled: boolean }>`
  display: inline-flex;
  color: ${({ theme, $filled }) => ($filled ? theme.colors.star : theme.colors.starEmpty)};
`;

const StyledStarButton = styled.button<{ $filled: boolean }>`
  display: inline-flex;
  padding: ${({ theme }) => theme.space[0.5]};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme, $filled }) => ($filled ? theme.colors.star : theme.colors.starEmpty)};
  cursor: pointer;
  transition:
    color ${({ theme }) => theme.motion.fast},
    transform ${({ theme }) => theme.motion.fast};

  &:hover:not(:disabled) {
    transform: scale(1.12);
  }

  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

/** Five stars; read-only by default, a keyboard-operable radio group when editable. */
export function Rating({
  value,
  onChange,
  readOnly = true,
  disabled = false,
  label = 'Avaliação',
  size = 'md',
  className,
}: RatingProps) {
  const current = clamp(value);
  const [hovered, setHovered] = useState<number | null>(null);
  const starRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const px = STAR_PX[size];

  if (readOnly || !onChange) {
    return (
      <StyledGroup role="img" aria-label={ratingText(current)} className={className}>
        {STARS.map((star) => (
          <StyledStar key={star} $filled={star <= current} aria-hidden="true">
            <Icon name="star" size={px} />
          </StyledStar>
        ))}
      </StyledGroup>
    );
  }

  const choose = (next: RatingValue) => {
    if (next !== current) onChange(next);
    starRefs.current[next - 1]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowUp':
        next = current + 1;
        break;
      case 'ArrowLeft':
      case 'ArrowDown':
        next = current - 1;
        break;
      case 'Home':
        next = 1;
        break;
      case 'End':
        next = RATING_MAX;
        break;
      default:
        return;
    }
    event.preventDefault();
    choose(toRating(next));
  };

  const shown = hovered ?? current;
  // With nothing chosen yet, the first star takes the Tab stop (radio group convention).
  const tabStop = current === 0 ? 1 : current;

  return (
    <StyledGroup
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      className={className}
      onKeyDown={onKeyDown}
      onMouseLeave={() => setHovered(null)}
    >
      {STARS.map((star) => (
        <StyledStarButton
          key={star}
          ref={(node) => {
            starRefs.current[star - 1] = node;
          }}
          type="button"
          role="radio"
          aria-checked={star === current}
          aria-label={ratingText(star)}
          tabIndex={star === tabStop ? 0 : -1}
          disabled={disabled}
          $filled={star <= shown}
          onClick={() => choose(star)}
          onMouseEnter={() => setHovered(star)}
        >
          <Icon name="star" size={px} />
        </StyledStarButton>
      ))}
    </StyledGroup>
  );
}
