import { expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';

/** The open antd dialog with this title (happy-dom does not name dialogs by aria-labelledby). */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getAllByRole('dialog').some((d) => within(d).queryByText(title))).toBe(true));
  return screen.getAllByRole('dialog').find((d) => within(d).queryByText(title))!;
}
