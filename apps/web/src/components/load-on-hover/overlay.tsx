import { useState, type ReactElement, type ReactNode } from 'react';
import { Popover, Tooltip, type TooltipProps } from 'antd';

export interface OverlayProps {
  /** A popover (title and content) or a tooltip (title). */
  kind: 'popover' | 'tooltip';
  title: ReactNode;
  content?: ReactNode;
  placement?: TooltipProps['placement'];
  /** Open at once: the pointer that asked for this chunk is still on the trigger. */
  initiallyOpen: boolean;
  children: ReactElement;
}

/** antd's Popover or Tooltip, in its own chunk (see LazyOverlay). */
export default function Overlay({ kind, content, initiallyOpen, children, ...props }: OverlayProps) {
  const [open, setOpen] = useState(initiallyOpen);
  return kind === 'popover' ? (
    <Popover {...props} content={content} open={open} onOpenChange={setOpen}>
      {children}
    </Popover>
  ) : (
    <Tooltip {...props} open={open} onOpenChange={setOpen}>
      {children}
    </Tooltip>
  );
}
