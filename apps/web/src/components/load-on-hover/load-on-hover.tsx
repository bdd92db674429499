import { startTransition, Suspense, useCallback, useRef, useState, type ReactElement } from 'react';

/** What the trigger of a LoadOnHover spreads on its element (a DOM element or one forwarding them). */
export interface HoverTriggerProps {
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: () => void;
  ref: (node: HTMLElement | null) => void;
}

/**
 * Renders `trigger` until its first hover or focus, then `loaded(trigger, hovered)`: a lazy
 * component (an antd overlay in its own chunk, decisions 0057 and 0058) wrapped around the same
 * trigger. `hovered` says the pointer is still on it when the chunk arrives, for the overlay to
 * open as the hover asked. The load is a transition: the trigger stays as it is while the chunk loads (no
 * fallback swapped in under the pointer). The loaded overlay mounts the trigger anew: a trigger
 * that had the keyboard focus keeps it.
 */
export function LoadOnHover({
  trigger,
  loaded,
}: {
  trigger: (props: HoverTriggerProps) => ReactElement;
  loaded: (trigger: ReactElement, hovered: boolean) => ReactElement;
}) {
  const [wanted, setWanted] = useState(false);
  const [hovered, setHovered] = useState(false);
  const node = useRef<HTMLElement | null>(null);
  const hadFocus = useRef(false);
  const load = () => startTransition(() => setWanted(true));
  // React detaches the old element's ref while it is still in the page, then attaches the new one.
  const ref = useCallback((el: HTMLElement | null) => {
    if (el) {
      if (hadFocus.current && document.activeElement !== el) el.focus();
      hadFocus.current = false;
    } else {
      hadFocus.current = node.current !== null && document.activeElement === node.current;
    }
    node.current = el;
  }, []);

  const element = trigger({
    onMouseEnter: () => {
      setHovered(true);
      load();
    },
    onMouseLeave: () => setHovered(false),
    onFocus: load,
    ref,
  });
  return <Suspense fallback={element}>{wanted ? loaded(element, hovered) : element}</Suspense>;
}
