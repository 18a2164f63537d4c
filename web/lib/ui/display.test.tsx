// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { FIGURES } from '#schema/figures.ts';

import { AboutFigure, Tile } from './display.tsx';

afterEach(cleanup);

describe('a tile with an About button', () => {
  it('shows the mark alone until the button’s code is here, then the button, which explains the figure', async () => {
    render(<Tile label="Level Skills Completed" value="40%" about={FIGURES.levelSkillsCompleted} />);
    expect(screen.getByText('40%')).toBeVisible();
    expect(screen.getByText('i')).toBeInTheDocument();
    // rendering the tile does not fetch the popover's code: the first screen stays small (bench:web)
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    await act(() => AboutFigure.preload());
    await userEvent.click(await screen.findByRole('button', { name: 'About this figure: Level Skills Completed' }));
    expect(await screen.findByText(FIGURES.levelSkillsCompleted.about)).toBeVisible();
  });
});
