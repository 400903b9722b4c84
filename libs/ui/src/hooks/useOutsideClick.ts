import { type RefObject, useEffect, useRef } from 'react';

/** Calls `onOutside` when a pointer goes down outside `ref` while `active`. */
export function useOutsideClick(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onOutside: () => void,
): void {
  const handlerRef = useRef(onOutside);
  useEffect(() => {
    handlerRef.current = onOutside;
  });

  useEffect(() => {
    if (!active) return undefined;
    const listener = (event: MouseEvent | TouchEvent) => {
      const root = ref.current;
      if (root && event.target instanceof Node && !root.contains(event.target)) {
        handlerRef.current();
      }
    };
    document.addEventListener('mousedown', listener);
    document.addEventListener('touchstart', listener);
    return () => {
      document.removeEventListener('mousedown', listener);
      document.removeEventListener('touchstart', listener);
    };
  }, [active, ref]);
}
