// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { toast, Toasts } from './toasts.tsx';

afterEach(cleanup);

describe('toasts loaded after the first screen', () => {
  it('mount no toaster while the page loads, and show a toast asked for meanwhile', async () => {
    render(<Toasts />);
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
    toast.success('Student added', { description: 'Ana Lopez' });
    expect(await screen.findByText('Student added')).toBeInTheDocument();
    expect(screen.getByText('Ana Lopez')).toBeInTheDocument();
  });

  it('show a toast on a toaster mounted after sonner has loaded', async () => {
    render(<Toasts />);
    toast.error('Failed to log the attempt');
    expect(await screen.findByText('Failed to log the attempt')).toBeInTheDocument();
  });
});
