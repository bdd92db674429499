import { useState, type ReactElement } from 'react';
import { Dropdown, type MenuProps } from 'antd';

/**
 * The 'my {brand}' menu itself (its own chunk, see my-brand-menu.tsx): opens on hover, and at
 * once when it mounts under the pointer (the hover that asked for it).
 */
export default function MyBrandDropdown({
  items,
  initiallyOpen,
  children,
}: {
  items: MenuProps['items'];
  initiallyOpen: boolean;
  children: ReactElement;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Dropdown menu={{ items }} placement="bottom" trigger={['hover']} open={open} onOpenChange={setOpen}>
      {children}
    </Dropdown>
  );
}
