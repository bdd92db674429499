import { cloneElement, useEffect, useRef, useState, type MouseEvent, type ReactElement } from 'react';
import { Popover, type PopoverProps } from 'antd';

type ChildProps = {
  onMouseEnter?: (e: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (e: MouseEvent<HTMLElement>) => void;
};

/**
 * An antd hover Popover that is mounted only when the pointer first enters its child. A page of
 * hundreds of part rows (the multi-number result) otherwise mounts two antd Popovers (trigger,
 * portal, motion and style hooks) per row that nobody hovers. The first hover opens the panel
 * after `mouseEnterDelay` as the Popover would; from then on the mounted Popover handles the
 * hovers itself (open state kept here, so the first hover and the later ones behave alike).
 */
export function HoverPopover({
  children,
  mouseEnterDelay = 0.1,
  ...props
}: Omit<PopoverProps, 'open' | 'onOpenChange' | 'children'> & { children: ReactElement<ChildProps> }) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const pending = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pending.current), []);

  // Kept on the child after mounting too: the Popover calls the child's own handlers as well.
  const child = cloneElement(children, {
    onMouseEnter: (e: MouseEvent<HTMLElement>) => {
      children.props.onMouseEnter?.(e);
      if (armed) return;
      setArmed(true);
      window.clearTimeout(pending.current);
      pending.current = window.setTimeout(() => setOpen(true), mouseEnterDelay * 1000);
    },
    onMouseLeave: (e: MouseEvent<HTMLElement>) => {
      children.props.onMouseLeave?.(e);
      window.clearTimeout(pending.current);
    },
  });
  if (!armed) return child;
  return (
    <Popover
      {...props}
      mouseEnterDelay={mouseEnterDelay}
      open={open}
      onOpenChange={(next) => {
        window.clearTimeout(pending.current);
        setOpen(next);
      }}
    >
      {child}
    </Popover>
  );
}
