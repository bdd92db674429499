import { lazy, type ReactElement } from 'react';
import { LoadOnHover, type HoverTriggerProps } from './load-on-hover';
import type { OverlayProps } from './overlay';

const Overlay = lazy(() => import('./overlay'));

/**
 * antd's Popover or Tooltip around `children`, loaded on the trigger's first hover or focus: the
 * first view of a page does not load them for the hints of its header and side bar.
 */
export function LazyOverlay({
  children,
  ...props
}: Omit<OverlayProps, 'initiallyOpen' | 'children'> & { children: (trigger: HoverTriggerProps) => ReactElement }) {
  return (
    <LoadOnHover
      trigger={children}
      loaded={(trigger, hovered) => (
        <Overlay {...props} initiallyOpen={hovered}>
          {trigger}
        </Overlay>
      )}
    />
  );
}
