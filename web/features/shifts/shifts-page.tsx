/** Shifts (/shifts): a student books and works their shifts; staff see the board of who is where. */
import { useSession } from '#web/lib/session.tsx';
import { Loading } from '#web/lib/ui/display.tsx';

import { ShiftBoard } from './shift-board.tsx';
import { StudentShifts } from './student-shifts.tsx';

export function ShiftsPage() {
  const session = useSession();
  if (session.status !== 'signed-in') return <Loading />;
  return session.user.role === 'student' ? <StudentShifts /> : <ShiftBoard role={session.user.role} />;
}
