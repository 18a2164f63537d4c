/**
 * A dialog's form: closing it clears what was typed; a save that succeeds closes the dialog, and one the server
 * refuses puts the server's messages under the fields (e.g. an e-mail already in use).
 */
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';

import { showFieldErrors, type WriteResult } from './write.ts';

export function useDialogForm<In extends FieldValues, Out extends FieldValues>({
  resolver,
  defaultValues,
  onClose,
  save,
}: {
  resolver: Resolver<In, unknown, Out>;
  defaultValues: DefaultValues<In>;
  onClose: () => void;
  save: (values: Out) => Promise<WriteResult<unknown>>;
}) {
  const form = useForm<In, unknown, Out>({ resolver, defaultValues });
  const close = () => {
    form.reset(defaultValues);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    const result = await save(values);
    if (result.ok) close();
    else showFieldErrors(form.setError, result.fields);
  });
  return { form, close, submit };
}
