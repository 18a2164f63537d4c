import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import type { PortfolioRoutes } from '#api/routes/portfolios/index.ts';
import { ATTESTATION_ROLE_LABELS, type AttestationRole, attestSchema } from '#schema/attestation.ts';
import { answerOf, ApiError } from '#web/lib/api.ts';
import { serverClient } from '#web/lib/server-reads.ts';
import { TextAreaField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

const { attestations } = serverClient<PortfolioRoutes>().students[':id'];

type FormInput = z.input<typeof attestSchema>;
type FormOutput = z.output<typeof attestSchema>;

/**
 * Signs the portfolio as it stands, online only: the server checks who signs, the order and the exception (a student
 * short of a minimum), and answers with the message shown here.
 */
export function AttestationForm({
  studentId,
  role,
  exceptionRequired,
  onSigned,
}: {
  studentId: string;
  role: string;
  exceptionRequired: boolean;
  onSigned: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(attestSchema),
    defaultValues: { exception: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      // the route reads its JSON itself (no validator for the client to type it from), so the body goes in init
      const init = { body: JSON.stringify(values), headers: { 'content-type': 'application/json' } };
      await answerOf(await attestations.$post({ param: { id: studentId } }, { init }));
      onSigned();
    } catch (e) {
      const message = e instanceof ApiError ? (e.fields.exception ?? e.message) : String(e);
      setError('exception', { message });
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2 border-t border-slate-100 pt-2">
      {exceptionRequired && (
        <TextAreaField
          label="Written exception (this student is short of a minimum)"
          error={errors.exception?.message}
          {...register('exception')}
        />
      )}
      {!exceptionRequired && errors.exception && (
        <p role="alert" className="text-sm text-red-700">
          {errors.exception.message}
        </p>
      )}
      <button type="submit" disabled={isSubmitting} className={buttonClass('primary', 'self-start')}>
        Sign as {ATTESTATION_ROLE_LABELS[role as AttestationRole]}
      </button>
    </form>
  );
}
