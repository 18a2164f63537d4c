// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DOCUMENT_MAX_BYTES } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';

import { UploadDialog } from './upload-dialog.tsx';
import { uploadFields, type UploadFormValues } from './upload-schema.ts';

afterEach(cleanup);

function renderDialog() {
  const onUpload = vi.fn((_v: UploadFormValues) => Promise.resolve({ ok: true as const, data: {} }));
  const onClose = vi.fn();
  render(<UploadDialog open onClose={onClose} onUpload={onUpload} />);
  return { onUpload, onClose, user: userEvent.setup({ applyAccept: false }) };
}

const fileInput = () => screen.getByLabelText(/^File/);
const pdf = (name = 'handbook.pdf', size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Upload' }));

describe('Upload Document dialog', () => {
  it('asks for a file, a name, a type and a program type', async () => {
    const { user, onUpload } = renderDialog();
    await submit(user);
    for (const message of [
      MSG.fileRequired,
      MSG.documentNameRequired,
      MSG.documentTypeRequired,
      MSG.programTypeRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('refuses a file type outside the accepted list and a file over the size limit', async () => {
    const { user, onUpload } = renderDialog();
    await user.upload(fileInput(), new File(['MZ'], 'tool.exe'));
    await submit(user);
    expect(await screen.findByText(MSG.fileTypeNotAllowed)).toBeInTheDocument();
    await user.upload(fileInput(), pdf('big.pdf', DOCUMENT_MAX_BYTES + 1));
    expect(await screen.findByText(MSG.fileTooLarge)).toBeInTheDocument();
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('names the document after the file when the name is blank, and sends the form', async () => {
    const { user, onUpload, onClose } = renderDialog();
    await user.upload(fileInput(), pdf('Clinical Handbook.pdf'));
    expect(screen.getByLabelText('Document Name')).toHaveValue('Clinical Handbook');
    await user.type(screen.getByLabelText('Description'), 'Rotation rules');
    await user.selectOptions(screen.getByLabelText('Document Type'), 'Policy');
    await user.selectOptions(screen.getByLabelText('Program Type'), 'general');
    expect(screen.getByLabelText(/^Public/)).not.toBeChecked();
    await user.click(screen.getByLabelText(/^Public/));
    await submit(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const values = onUpload.mock.calls[0][0];
    expect(values).toMatchObject({
      name: 'Clinical Handbook',
      description: 'Rotation rules',
      type: 'Policy',
      programType: 'general',
      isPublic: true,
    });
    const { file, ...fields } = uploadFields(values);
    expect(fields).toEqual({
      name: 'Clinical Handbook',
      description: 'Rotation rules',
      type: 'Policy',
      programType: 'general',
      isPublic: 'true',
    });
    expect(file.name).toBe('Clinical Handbook.pdf');
  });
});
