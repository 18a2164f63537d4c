import { useState } from 'react';

import { localDay } from '#schema/dates.ts';
import { can } from '#schema/permissions.ts';
import { useSession } from '#web/lib/session.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { HoursForm } from '../hours-log/index.ts';
import { ContactForm } from './contact-form.tsx';

/**
 * Log Patient Contact and Log Hours for one student, each offered to those who may log it, with its form. The EMS
 * tracker and a student's details both show these.
 */
export function LogEvidenceActions({
  student,
  skills,
}: {
  student: { id: string; firstName: string; lastName: string };
  /** The skills of the student's level, for a contact's "skills performed". */
  skills: readonly { id: string; name: string }[];
}) {
  const session = useSession();
  const role = session.status === 'signed-in' ? session.user.role : null;
  const [logging, setLogging] = useState<'hours' | 'contact' | null>(null);
  if (!role || !(can(role, 'attempts.log') || can(role, 'hours.record'))) return null;
  const today = localDay(new Date());
  const close = () => setLogging(null);
  return (
    <div className="flex flex-wrap gap-2">
      {can(role, 'attempts.log') && (
        <button type="button" className={buttonClass('primary')} onClick={() => setLogging('contact')}>
          Log Patient Contact
        </button>
      )}
      {can(role, 'hours.record') && (
        <button type="button" className={buttonClass('secondary')} onClick={() => setLogging('hours')}>
          Log Hours
        </button>
      )}
      {logging === 'contact' && <ContactForm student={student} skills={skills} today={today} onClose={close} />}
      {logging === 'hours' && <HoursForm student={student} today={today} onClose={close} />}
    </div>
  );
}
